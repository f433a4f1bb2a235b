import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'
import type { WebsiteSettings } from '#contract/website'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

const WITHOUT_SETTINGS = PERMISSIONS.filter((p) => p !== 'VENDOR_SETTINGS')

const SAVED: WebsiteSettings = {
  url: 'mama-put',
  description: 'Jollof every day',
  logoUrl: '/api/files/logo.png',
  font: 'poppins',
  background: 'sand',
  storefrontUrl: 'https://shops.example.ng/shop/mama-put',
}

function websiteApi(answer?: () => Response) {
  const sent: FormData[] = []
  let gets = 0
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
    handle(endpoints.website, () => {
      gets++
      return ok(SAVED)
    }),
    handle(endpoints.updateWebsite, async ({ request }) => {
      const form = await request.formData()
      sent.push(form)
      return (
        answer?.() ??
        ok(
          { ...SAVED, description: JSON.parse(form.get('description') as string), font: JSON.parse(form.get('font') as string) },
          'Your website has been saved',
        )
      )
    }),
  )
  return { sent, gets: () => gets }
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement
const preview = () => within(screen.getByRole('region', { name: 'Preview' })).getByText('Mama Put Kitchen').parentElement!

describe('Settings → Website', () => {
  it('shows the current look, the storefront link and a preview of the header', async () => {
    websiteApi()
    renderApp('/settings?tab=website')
    const tabs = await screen.findByRole('navigation', { name: 'Settings sections' })
    expect(within(tabs).getByRole('link', { name: 'Website' }).getAttribute('aria-current')).toBe('page')
    const description = (await screen.findByLabelText(/^Description/)) as HTMLTextAreaElement
    expect(description.value).toBe('Jollof every day')
    expect((within(screen.getByRole('group', { name: 'Font' })).getByRole('radio', { name: 'Poppins' }) as HTMLInputElement).checked).toBe(
      true,
    )
    expect(
      (within(screen.getByRole('group', { name: 'Background' })).getByRole('radio', { name: 'Sand' }) as HTMLInputElement).checked,
    ).toBe(true)
    const link = screen.getByRole('link', { name: SAVED.storefrontUrl! })
    expect(link.getAttribute('href')).toBe(SAVED.storefrontUrl)
    expect(screen.getByRole('img', { name: 'Current logo' }).getAttribute('src')).toBe(SAVED.logoUrl)
    expect(preview().style.fontFamily).toContain('Poppins')
    expect(within(preview()).getByText('Jollof every day')).toBeTruthy()
    expect(saveButton().disabled).toBe(true)
  })

  it('the preview follows the form as it changes', async () => {
    websiteApi()
    const { user } = renderApp('/settings?tab=website')
    const description = await screen.findByLabelText(/^Description/)
    await user.click(within(screen.getByRole('group', { name: 'Font' })).getByRole('radio', { name: 'Playfair Display' }))
    await user.click(within(screen.getByRole('group', { name: 'Background' })).getByRole('radio', { name: 'Night' }))
    await user.clear(description)
    await user.type(description, 'Ankara, cut to order')
    expect(preview().style.fontFamily).toContain('Playfair Display')
    expect(preview().style.background).toContain('linear-gradient')
    expect(preview().style.color).toBe('rgb(255, 255, 255)')
    expect(within(preview()).getByText('Ankara, cut to order')).toBeTruthy()
    expect(preview().querySelector('img')).not.toBeNull()
    await user.click(screen.getByRole('button', { name: 'Remove logo' }))
    expect(preview().querySelector('img')).toBeNull()
    expect(saveButton().disabled).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Keep the current logo' }))
    expect(preview().querySelector('img')?.getAttribute('src')).toBe(SAVED.logoUrl)
  })

  it('Save is enabled only once something changed, and back to disabled when undone', async () => {
    websiteApi()
    const { user } = renderApp('/settings?tab=website')
    await screen.findByLabelText(/^Description/)
    const fonts = screen.getByRole('group', { name: 'Font' })
    await user.click(within(fonts).getByRole('radio', { name: 'Inter' }))
    expect(saveButton().disabled).toBe(false)
    await user.click(within(fonts).getByRole('radio', { name: 'Poppins' }))
    expect(saveButton().disabled).toBe(true)
  })

  it('sends the form as multipart, toasts the server message and disables Save again', async () => {
    const api = websiteApi()
    const { user } = renderApp('/settings?tab=website')
    const description = await screen.findByLabelText(/^Description/)
    await user.clear(description)
    await user.type(description, '  Suya and zobo ')
    await user.click(within(screen.getByRole('group', { name: 'Font' })).getByRole('radio', { name: 'JetBrains Mono' }))
    await user.click(screen.getByRole('button', { name: 'Remove logo' }))
    await user.click(saveButton())

    expect(await screen.findByText('Your website has been saved')).toBeTruthy()
    const form = api.sent[0]!
    expect(form.get('description')).toBe('"Suya and zobo"')
    expect(form.get('font')).toBe('"mono"')
    expect(form.get('background')).toBe('"sand"')
    expect(form.get('removeLogo')).toBe('true')
    expect(form.has('logo')).toBe(false)
    await waitFor(() => expect((screen.getByLabelText(/^Description/) as HTMLTextAreaElement).value).toBe('Suya and zobo'))
    expect(saveButton().disabled).toBe(true)
  })

  it('shows a refused field under it', async () => {
    websiteApi(() =>
      HttpResponse.json(
        {
          message: 'description: must be at most 500 characters',
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'description', message: 'must be at most 500 characters' }],
        },
        { status: 422 },
      ),
    )
    const { user } = renderApp('/settings?tab=website')
    await user.type(await screen.findByLabelText(/^Description/), '!')
    await user.click(saveButton())
    expect(await screen.findByText('Must be at most 500 characters.')).toBeTruthy()
  })

  it('without VENDOR_SETTINGS explains why and asks nothing', async () => {
    const api = websiteApi()
    renderApp('/settings?tab=website', { permissions: WITHOUT_SETTINGS })
    expect(await screen.findByText('Only a team member with the settings permission can change how your shop looks.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(api.gets()).toBe(0)
  })
})
