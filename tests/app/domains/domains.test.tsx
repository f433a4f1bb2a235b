import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'

import { MAX_DOMAINS_PER_SHOP, MyDomains, ShopDomain } from '#contract/domains'
import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'

import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

const WITHOUT_SETTINGS = PERMISSIONS.filter((p) => p !== 'VENDOR_SETTINGS')
const ADDRESS = 'https://shops.example.ng/shop/mama-put'
const TOKEN = 'vendor-verify=4f0c2a9e8b7d6c5a4f3e2d1c0b9a8f7e6d5c4b3a'

function domain(overrides: Partial<ShopDomain> & { domain: string }): ShopDomain {
  return v.parse(ShopDomain, {
    id: `dom-${overrides.domain}`,
    status: 'pending',
    records: [
      { type: 'TXT', name: `_vendor-verify.${overrides.domain}`, value: TOKEN, purpose: 'Proves you own the domain' },
      { type: 'CNAME', name: overrides.domain, value: 'shops.example.ng', purpose: 'Sends your customers to your shop' },
    ],
    createdAt: '2026-03-01T09:00:00.000Z',
    verifiedAt: null,
    lastCheckedAt: null,
    lastCheckError: null,
    ...overrides,
  })
}

const ACTIVE = domain({
  domain: 'mamaput.ng',
  status: 'active',
  verifiedAt: '2026-03-01T09:05:00.000Z',
  lastCheckedAt: '2026-03-01T09:05:00.000Z',
})
const PENDING = domain({ domain: 'shop.mamaput.com.ng' })

const CHECKS: Record<string, { available: boolean; reason: 'taken' | 'platform' | null; message: string }> = {
  'jollof.ng': { available: true, reason: null, message: 'jollof.ng can be connected to your shop' },
  'taken.ng': { available: false, reason: 'taken', message: 'This domain is already connected to another shop' },
}

interface Options {
  items?: ShopDomain[]
  defaultAddress?: string | null
  connect?: (domain: string) => Response | undefined
  verify?: (id: string) => Response
}

/** An API holding the shop's domains; every call it saw is recorded. */
function domainsApi({ items = [ACTIVE, PENDING], defaultAddress = ADDRESS, connect, verify }: Options = {}) {
  let list = [...items]
  const calls = { lists: 0, checks: [] as string[], connects: [] as unknown[], verifies: [] as unknown[], removes: [] as string[] }
  server.use(
    handle(endpoints.vendorProfile, () =>
      ok({
        id: 'vendor-1',
        name: 'Mama Put Kitchen',
        email: 'demo@vendor.test',
        phone: null,
        ownerName: 'Ada',
        url: 'mama-put',
        status: 'approved',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    ),
    handle(endpoints.myDomains, () => {
      calls.lists++
      return ok(v.parse(MyDomains, { defaultAddress, items: list, limit: MAX_DOMAINS_PER_SHOP }))
    }),
    handle(endpoints.checkDomain, ({ request }) => {
      const name = new URL(request.url).searchParams.get('domain')!
      calls.checks.push(name)
      return ok({ domain: name, ...(CHECKS[name] ?? { available: true, reason: null, message: `${name} can be connected to your shop` }) })
    }),
    handle(endpoints.connectDomain, async ({ request }) => {
      const body = (await request.json()) as { domain: string }
      calls.connects.push(body)
      const refused = connect?.(body.domain)
      if (refused) return refused
      const added = domain({ domain: body.domain, id: 'dom-new' })
      list = [...list, added]
      return HttpResponse.json(
        { message: `${body.domain} is connected. Add the DNS records, then check them`, data: added },
        { status: 201 },
      )
    }),
    handle(endpoints.verifyDomain, async ({ request }) => {
      const body = (await request.json()) as { id: string }
      calls.verifies.push(body)
      return verify!(body.id)
    }),
    handle(endpoints.removeDomain, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!
      calls.removes.push(id)
      list = list.filter((d) => d.id !== id)
      return ok(null, 'Domain removed')
    }),
  )
  return calls
}

const domainList = () => screen.findByRole('list', { name: 'Connected domains' })
const itemOf = (name: string) => screen.getByRole('heading', { name }).closest('li')!
const connectButton = () => screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement

describe('Settings → Domains', () => {
  it('without VENDOR_SETTINGS explains why and asks nothing', async () => {
    const calls = domainsApi()
    renderApp('/settings?tab=domains', { permissions: WITHOUT_SETTINGS })
    expect(await screen.findByText('Only a team member with the settings permission can manage domains.')).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(calls.lists).toBe(0)
    expect(calls.checks).toEqual([])
  })

  it('shows the default address and each domain with its status and DNS records', async () => {
    domainsApi()
    renderApp('/settings?tab=domains')
    const tabs = await screen.findByRole('navigation', { name: 'Settings sections' })
    expect(within(tabs).getByRole('link', { name: 'Domains' }).getAttribute('aria-current')).toBe('page')
    await domainList()

    const address = within(screen.getByRole('region', { name: 'Shop address' }))
    const link = address.getByRole('link', { name: ADDRESS })
    expect(link.getAttribute('href')).toBe(ADDRESS)
    expect(link.getAttribute('target')).toBe('_blank')
    expect(address.getByRole('button', { name: 'Copy shop address' })).toBeTruthy()

    const active = within(itemOf('mamaput.ng'))
    expect(active.getByText('Active')).toBeTruthy()
    expect(active.queryByRole('button', { name: /Check DNS/ })).toBeNull()
    expect(active.getByRole('button', { name: 'Remove mamaput.ng' })).toBeTruthy()

    const pending = within(itemOf('shop.mamaput.com.ng'))
    expect(pending.getByText('Pending')).toBeTruthy()
    const records = within(pending.getByRole('list', { name: 'DNS records for shop.mamaput.com.ng' }))
    expect(records.getByText('TXT')).toBeTruthy()
    expect(records.getByText('_vendor-verify.shop.mamaput.com.ng')).toBeTruthy()
    expect(records.getByText(TOKEN)).toBeTruthy()
    expect(records.getByText('Proves you own the domain')).toBeTruthy()
    expect(records.getByText('CNAME')).toBeTruthy()
    expect(records.getByText('shops.example.ng')).toBeTruthy()
    expect(records.getByText('Sends your customers to your shop')).toBeTruthy()
    for (const label of ['Copy TXT name', 'Copy TXT value', 'Copy CNAME name', 'Copy CNAME value']) {
      expect(records.getByRole('button', { name: label })).toBeTruthy()
    }
    expect(pending.getByRole('button', { name: 'Check DNS for shop.mamaput.com.ng' })).toBeTruthy()
  })

  it('says when no domain is connected and when the shop has no address yet', async () => {
    domainsApi({ items: [], defaultAddress: null })
    renderApp('/settings?tab=domains')
    expect(await screen.findByText('No domain is connected yet.')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Shop address' })).getByText('Not set')).toBeTruthy()
  })

  it('checks the domain once typing pauses; Connect is enabled only when it is available and adds the domain', async () => {
    const calls = domainsApi({ items: [] })
    const { user } = renderApp('/settings?tab=domains')
    const input = (await screen.findByLabelText(/^Domain/)) as HTMLInputElement
    expect(input.getAttribute('inputmode')).toBe('url')
    expect(input.getAttribute('autocapitalize')).toBe('none')
    expect(input.getAttribute('spellcheck')).toBe('false')
    expect(connectButton().disabled).toBe(true)

    await user.type(input, 'taken.ng')
    expect(await screen.findByText('This domain is already connected to another shop')).toBeTruthy()
    expect(connectButton().disabled).toBe(true)

    await user.clear(input)
    await user.type(input, 'mamaput')
    expect(await screen.findByText('Enter a domain name like shop.example.com')).toBeTruthy()
    expect(connectButton().disabled).toBe(true)

    await user.clear(input)
    await user.type(input, 'https://Jollof.ng/')
    expect(await screen.findByText('jollof.ng can be connected to your shop')).toBeTruthy()
    expect(connectButton().disabled).toBe(false)
    // One question per settled domain name, in the form the server stores; none for text that is not a domain.
    expect(calls.checks).toEqual(['taken.ng', 'jollof.ng'])

    await user.click(connectButton())
    expect(await screen.findByText('jollof.ng is connected. Add the DNS records, then check them')).toBeTruthy()
    expect(calls.connects).toEqual([{ domain: 'jollof.ng' }])
    const added = within(itemOf('jollof.ng'))
    expect(added.getByText('Pending')).toBeTruthy()
    expect(added.getByText('_vendor-verify.jollof.ng')).toBeTruthy()
    expect(input.value).toBe('')
    expect(screen.queryByText('No domain is connected yet.')).toBeNull()
  })

  it('shows a refusal under the field', async () => {
    domainsApi({
      items: [],
      connect: () =>
        HttpResponse.json(
          {
            message: 'This domain is already connected to another shop',
            code: 'DOMAIN_TAKEN',
            issues: [{ path: 'domain', message: 'This domain is already connected to another shop' }],
          },
          { status: 409 },
        ),
    })
    const { user } = renderApp('/settings?tab=domains')
    await user.type(await screen.findByLabelText(/^Domain/), 'jollof.ng')
    await screen.findByText('jollof.ng can be connected to your shop')
    await user.click(connectButton())
    const message = await screen.findByText('This domain is already connected to another shop')
    expect(message.closest('[data-part="root"]')?.querySelector('input')?.getAttribute('name')).toBe('domain')
    expect(connectButton().disabled).toBe(true)
  })

  it('at the limit says so instead of offering the form', async () => {
    domainsApi({ items: [ACTIVE, PENDING, domain({ domain: 'suya.ng' })] })
    renderApp('/settings?tab=domains')
    await domainList()
    const card = within(screen.getByRole('region', { name: 'Connect a domain' }))
    expect(
      card.getByText(`Your shop has ${MAX_DOMAINS_PER_SHOP} domains, the most it can have. Remove one to connect another.`),
    ).toBeTruthy()
    expect(screen.queryByLabelText(/^Domain/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull()
  })

  it('Check DNS with no record yet shows what was found and when', async () => {
    const calls = domainsApi({
      verify: () =>
        ok(
          {
            ...PENDING,
            lastCheckedAt: '2026-03-02T10:42:00.000Z',
            lastCheckError: 'No TXT record found yet. DNS changes can take up to a few hours to appear',
          },
          'No TXT record found yet. DNS changes can take up to a few hours to appear',
        ),
    })
    const { user } = renderApp('/settings?tab=domains')
    await domainList()
    await user.click(screen.getByRole('button', { name: 'Check DNS for shop.mamaput.com.ng' }))
    const pending = within(itemOf('shop.mamaput.com.ng'))
    expect(await pending.findByText(/No TXT record found yet\. DNS changes can take up to a few hours to appear\./)).toBeTruthy()
    expect(pending.getByText(/Last checked/)).toBeTruthy()
    expect(pending.getByText('Pending')).toBeTruthy()
    expect(calls.verifies).toEqual([{ id: PENDING.id }])
  })

  it('Check DNS that finds the record flips the badge to Active and toasts the message', async () => {
    domainsApi({
      verify: () =>
        ok(
          { ...PENDING, status: 'active', verifiedAt: '2026-03-02T10:42:00.000Z', lastCheckedAt: '2026-03-02T10:42:00.000Z' },
          'shop.mamaput.com.ng is verified and now opens your shop',
        ),
    })
    const { user } = renderApp('/settings?tab=domains')
    await domainList()
    await user.click(screen.getByRole('button', { name: 'Check DNS for shop.mamaput.com.ng' }))
    expect(await screen.findByText('shop.mamaput.com.ng is verified and now opens your shop')).toBeTruthy()
    const item = within(itemOf('shop.mamaput.com.ng'))
    expect(item.getByText('Active')).toBeTruthy()
    expect(item.queryByRole('button', { name: /Check DNS/ })).toBeNull()
  })

  it('Check DNS when DNS cannot be reached shows the server message', async () => {
    domainsApi({ verify: () => fail(503, 'DNS_UNREACHABLE', 'We could not reach DNS to check your domain, please try again') })
    const { user } = renderApp('/settings?tab=domains')
    await domainList()
    await user.click(screen.getByRole('button', { name: 'Check DNS for shop.mamaput.com.ng' }))
    expect(await screen.findByText('We could not reach DNS to check your domain, please try again')).toBeTruthy()
    expect(within(itemOf('shop.mamaput.com.ng')).getByText('Pending')).toBeTruthy()
  })

  it('Remove asks first, then disconnects the domain', async () => {
    const calls = domainsApi()
    const { user } = renderApp('/settings?tab=domains')
    await domainList()
    await user.click(screen.getByRole('button', { name: 'Remove mamaput.ng' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove domain?' })
    expect(within(dialog).getByText('mamaput.ng will stop opening your shop.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls.removes).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Remove mamaput.ng' }))
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remove domain?' })).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Domain removed')).toBeTruthy()
    expect(calls.removes).toEqual([ACTIVE.id])
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'mamaput.ng' })).toBeNull())
    expect(screen.getByRole('heading', { name: 'shop.mamaput.com.ng' })).toBeTruthy()
  })

  it('a refused load says why, and offers no Refetch after a 403', async () => {
    domainsApi()
    server.use(handle(endpoints.myDomains, () => fail(403, 'FORBIDDEN', 'You do not have permission to do this')))
    renderApp('/settings?tab=domains')
    expect(await screen.findByText('Could not load your domains')).toBeTruthy()
    expect(screen.getByText('You do not have permission to do this')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })

  it('a failed load offers Refetch', async () => {
    domainsApi()
    let failing = true
    server.use(handle(endpoints.myDomains, () => (failing ? fail(400, 'BAD', 'Something broke') : undefined)))
    const { user } = renderApp('/settings?tab=domains')
    expect(await screen.findByText('Something broke')).toBeTruthy()
    failing = false
    await user.click(screen.getByRole('button', { name: 'Refetch' }))
    expect(await domainList()).toBeTruthy()
  })
})
