import { screen, waitFor, within } from '@testing-library/react'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'

import { ApiKey, ApiKeyCall } from '#contract/api-keys'
import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'

import { fail, handle, ok, renderApp, server, settled, useAppHarness } from '../harness'
import { typePin } from '../money/send-money-helpers'

/* Settings → Developers (issue 40, decision 168): API keys made, shown once, rotated and revoked; the calls made. */

useAppHarness()

const SECRET = 'vbo_sk_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1u'
const ROTATED = 'vbo_sk_TmV3U2VjcmV0VmFsdWVGb3JSb3RhdGlvbjEyMzQ1Njc4OTBhYg'

function key(overrides: Partial<ApiKey> & { id: string; name: string }): ApiKey {
  return v.parse(ApiKey, {
    prefix: 'vbo_sk_Ab3dE',
    scopes: ['read'],
    allowedIps: [],
    createdAt: '2026-12-05T09:00:00.000Z',
    createdBy: 'Adaeze Okafor',
    createdById: 'user-1',
    lastUsedAt: null,
    previous: null,
    ...overrides,
  })
}

const WEBSITE = key({ id: 'key-1', name: 'Shop website', lastUsedAt: '2026-12-05T13:04:00.000Z', scopes: ['read', 'orders:write'] })
const BOOKS = key({ id: 'key-2', name: 'Accounting', prefix: 'vbo_sk_Qw9Zx', createdBy: 'Tunde Bello', createdById: 'user-2' })
const CALL = v.parse(ApiKeyCall, {
  keyId: 'key-1',
  keyName: 'Shop website',
  calls: 1,
  method: 'GET',
  path: '/api/transaction',
  status: 200,
  ip: '203.0.113.7',
  at: '2026-12-05T13:04:00.000Z',
})

/** An API holding the business's keys; what the page sent is recorded. */
function keysApi(options: { items?: ApiKey[]; create?: (body: Record<string, unknown>) => Response | undefined } = {}) {
  let list = [...(options.items ?? [WEBSITE, BOOKS])]
  const sent = { lists: 0, creates: [] as Record<string, unknown>[], rotates: [] as unknown[], revokes: [] as string[] }
  server.use(
    handle(endpoints.listApiKeys, () => {
      sent.lists++
      return ok(list)
    }),
    handle(endpoints.apiKeyCalls, () => ok({ items: [CALL], page: 1, size: 20, total: 1 })),
    handle(endpoints.createApiKey, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.creates.push(body)
      const refusal = options.create?.(body)
      if (refusal) return refusal
      const made = key({ id: 'key-new', name: String(body.name), scopes: body.scopes as ApiKey['scopes'], prefix: SECRET.slice(0, 12) })
      list = [made, ...list]
      return ok({ key: made, secret: SECRET }, 'API key created')
    }),
    handle(endpoints.rotateApiKey, async ({ request }) => {
      const body = (await request.json()) as { id: string; password?: string }
      sent.rotates.push(body)
      if (body.password === 'wrong') return fail(422, 'INVALID_PASSWORD', 'password: is incorrect')
      const rotated = { ...list.find((k) => k.id === body.id)!, prefix: ROTATED.slice(0, 12) }
      return ok({ key: rotated, secret: ROTATED })
    }),
    handle(endpoints.revokeApiKey, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!
      sent.revokes.push(id)
      list = list.filter((k) => k.id !== id)
      return ok(null, 'API key revoked')
    }),
  )
  return sent
}

const keyList = () => screen.findByRole('list', { name: 'API keys' })
const itemOf = (name: string) => within(screen.getByText(name).closest('li')!)

describe('Settings → Developers', () => {
  it('lists each key by its prefix, scopes, maker and last use (Lagos time), and the calls made with keys', async () => {
    keysApi()
    renderApp('/settings/developers')
    await keyList()
    const website = itemOf('Shop website')
    expect(website.getByText('vbo_sk_Ab3dE…')).toBeTruthy()
    expect(website.getByText('Last used 5 Dec 2026, 14:04')).toBeTruthy()
    expect(website.getByText('Read')).toBeTruthy()
    expect(website.getByText('Create and update orders')).toBeTruthy()
    expect(website.getByRole('button', { name: 'Rotate Shop website' })).toBeTruthy()
    const books = itemOf('Accounting')
    expect(books.getByText('Never used')).toBeTruthy()
    expect(books.getByText(/by Tunde Bello/)).toBeTruthy()
    // Only its maker rotates a key; anyone here may revoke it.
    expect(books.queryByRole('button', { name: 'Rotate Accounting' })).toBeNull()
    expect(books.getByRole('button', { name: 'Revoke Accounting' })).toBeTruthy()

    const calls = within(await screen.findByRole('list', { name: 'Calls made with API keys' }))
    expect(calls.getByText('GET /api/transaction')).toBeTruthy()
    expect(calls.getByText('5 Dec 2026, 14:04 · Shop website · 203.0.113.7')).toBeTruthy()
  })

  it('creates a key and shows its secret once, with Copy; after Done it is nowhere on the page', async () => {
    const sent = keysApi()
    const { user } = renderApp('/settings/developers')
    await keyList()
    await user.click(screen.getByRole('button', { name: 'Create key' }))
    const sheet = within(await settled(await screen.findByRole('dialog', { name: 'Create API key' })))
    await user.type(sheet.getByLabelText(/^Name/), 'Shop website 2')
    await user.click(sheet.getByRole('checkbox', { name: /Create and update orders/ }))
    await user.type(sheet.getByLabelText(/^Allowed IP addresses/), '203.0.113.0/24')
    await user.type(sheet.getByLabelText(/^Your password/), 'my-password')
    await user.click(screen.getByRole('button', { name: 'Create key' }))

    const shown = within(await screen.findByRole('dialog', { name: 'Copy your API key' }))
    expect(sent.creates).toEqual([
      { name: 'Shop website 2', scopes: ['read', 'orders:write'], allowedIps: ['203.0.113.0/24'], password: 'my-password' },
    ])
    expect(shown.getByText(SECRET)).toBeTruthy()
    expect(shown.getByText(/It is shown only once/)).toBeTruthy()
    expect(shown.getByRole('button', { name: 'Copy API key' })).toBeTruthy()
    await user.click(shown.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull())
    expect(await screen.findByText('Shop website 2')).toBeTruthy()
    expect(document.body.innerHTML).not.toContain(SECRET)
  })

  it('a key that sends money asks for the owner’s PIN, and says a wrong one under the boxes', async () => {
    const sent = keysApi({
      create: (body) => (body.pin === '9999' ? fail(422, 'INVALID_PIN', 'Incorrect PIN. 4 attempts remaining.') : undefined),
    })
    const { user } = renderApp('/settings/developers')
    await keyList()
    await user.click(screen.getByRole('button', { name: 'Create key' }))
    const sheet = within(await settled(await screen.findByRole('dialog', { name: 'Create API key' })))
    await user.type(sheet.getByLabelText(/^Name/), 'Payouts')
    await user.click(sheet.getByRole('checkbox', { name: /Send money/ }))
    await user.type(sheet.getByLabelText(/^Your password/), 'my-password')
    await user.click(screen.getByRole('button', { name: 'Create key' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Enter your transaction PIN' })
    await typePin(user, dialog, '9999')
    expect(await within(dialog).findByText('Incorrect PIN. 4 attempts remaining.')).toBeTruthy()
    await typePin(user, dialog, '1234')
    expect(await screen.findByRole('dialog', { name: 'Copy your API key' })).toBeTruthy()
    expect(sent.creates.map((body) => body.pin)).toEqual(['9999', '1234'])
    expect(sent.creates[1]).toMatchObject({ scopes: ['read', 'transfers'] })
  })

  it('a member is never offered Send money', async () => {
    keysApi()
    const { user } = renderApp('/settings/developers', { role: 'member', permissions: ['VENDOR_DEVELOPERS', 'VENDOR_ORDERS'] })
    await keyList()
    await user.click(screen.getByRole('button', { name: 'Create key' }))
    const sheet = within(await settled(await screen.findByRole('dialog', { name: 'Create API key' })))
    expect(sheet.getByRole('checkbox', { name: /Create and update orders/ })).toBeTruthy()
    expect(sheet.queryByRole('checkbox', { name: /Send money/ })).toBeNull()
  })

  it('revokes a key after asking, and rotates one showing the new secret once', async () => {
    const sent = keysApi()
    const { user } = renderApp('/settings/developers')
    await keyList()
    await user.click(screen.getByRole('button', { name: 'Revoke Accounting' }))
    const confirm = within(await settled(await screen.findByRole('alertdialog', { name: 'Revoke Accounting?' })))
    expect(confirm.getByText('Calls with this key stop working at once. This cannot be undone.')).toBeTruthy()
    await user.click(confirm.getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(screen.queryByText('Accounting')).toBeNull())
    expect(sent.revokes).toEqual(['key-2'])

    await user.click(screen.getByRole('button', { name: 'Rotate Shop website' }))
    const rotate = within(await settled(await screen.findByRole('alertdialog', { name: 'Rotate Shop website?' })))
    await user.click(rotate.getByRole('button', { name: 'Rotate' }))
    expect(await rotate.findByText('Enter your password.')).toBeTruthy()
    await user.type(rotate.getByLabelText(/^Your password/), 'wrong')
    await user.click(rotate.getByRole('button', { name: 'Rotate' }))
    expect(await rotate.findByText('The password is incorrect.')).toBeTruthy()
    await user.type(rotate.getByLabelText(/^Your password/), '-no-my-password')
    await user.click(rotate.getByRole('button', { name: 'Rotate' }))
    const shown = within(await screen.findByRole('dialog', { name: 'Copy the new secret' }))
    expect(shown.getByText(ROTATED)).toBeTruthy()
    expect(shown.getByText(/The old secret keeps working for 24 hours/)).toBeTruthy()
    expect(sent.rotates).toEqual([
      { id: 'key-1', password: 'wrong' },
      { id: 'key-1', password: 'wrong-no-my-password' },
    ])
  })

  it('is a row of Settings → Profile for those who may use it', async () => {
    keysApi()
    server.use(
      handle(endpoints.vendorProfile, () =>
        ok({
          id: 'vendor-1',
          name: 'Mama Put Kitchen',
          email: 'demo@vendor.test',
          phone: '08031234567',
          ownerName: 'Adaeze Okafor',
          url: null,
          status: 'approved',
          createdAt: '2026-01-01T00:00:00.000Z',
        }),
      ),
      handle(endpoints.paymentSms, () => ok({ isEnabled: false, sentTo: '080****4567' })),
    )
    const { user, router } = renderApp('/settings?tab=profile')
    await user.click(await screen.findByRole('link', { name: /API keys/ }))
    await keyList()
    expect(router.state.location.pathname).toBe('/settings/developers')
  })

  it('without VENDOR_DEVELOPERS says why and asks for no key', async () => {
    const sent = keysApi()
    renderApp('/settings/developers', { role: 'member', permissions: PERMISSIONS.filter((p) => p !== 'VENDOR_DEVELOPERS') })
    expect(await screen.findByRole('heading', { name: 'Developers' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull()
    expect(sent.lists).toBe(0)
  })
})
