import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { UNDER_REVIEW_TEXT, UNDER_REVIEW_TITLE } from '#app/features/onboarding/components/review-outcome'
import { getSession } from '#app/lib/session'
import { endpoints } from '#contract/index'

import { handle, ok, server, useAppHarness } from '../harness'
import { AT_REVIEW, AT_SHOP, BACKGROUNDS, FONTS, newOwner, onboarding } from '../onboarding-fixtures'
import { renderAs } from './render'

useAppHarness()

const REFUSED: Record<string, string> = { 'mama-put': 'This URL is already taken.', admin: 'This URL is reserved.' }

function shopApi(answer?: () => Response) {
  const checked: string[] = []
  const sent: FormData[] = []
  const loggedOut: (string | null)[] = []
  server.use(
    handle(endpoints.onboarding, () => ok(onboarding(AT_SHOP))),
    handle(endpoints.supportedFonts, () => ok(FONTS)),
    handle(endpoints.supportedBackgrounds, () => ok(BACKGROUNDS)),
    handle(endpoints.checkShopUrl, ({ request }) => {
      const url = new URL(request.url).searchParams.get('url')!
      checked.push(url)
      return ok({ url, available: !REFUSED[url], reason: REFUSED[url] ?? null })
    }),
    handle(endpoints.setUpShop, async ({ request }) => {
      sent.push(await request.formData())
      return answer?.() ?? ok(onboarding(AT_REVIEW), 'Shop set up')
    }),
    handle(endpoints.logout, ({ request }) => {
      loggedOut.push(request.headers.get('Authorization'))
      return ok(null, 'Logged out')
    }),
  )
  return { checked, sent, loggedOut }
}

describe('/register/shop', () => {
  it('suggests a URL from the business name and checks each one once the typing pauses', async () => {
    const api = shopApi()
    const { user } = renderAs('/register/shop', newOwner())
    const url = (await screen.findByLabelText(/^Shop URL/)) as HTMLInputElement
    expect(url.value).toBe('tunde-fabrics')
    expect(await screen.findByText('tunde-fabrics is available')).toBeTruthy()

    await user.clear(url)
    await user.type(url, 'Mama Put')
    expect(url.value).toBe('mama-put')
    expect(await screen.findByText('This URL is already taken.')).toBeTruthy()

    await user.clear(url)
    await user.type(url, 'admin')
    expect(await screen.findByText('This URL is reserved.')).toBeTruthy()

    await user.clear(url)
    await user.type(url, 'ab')
    expect(await screen.findByText(/Use 3–30 lowercase letters/)).toBeTruthy()
    // One request per settled URL, none for a half-typed or malformed one.
    expect(api.checked).toEqual(['tunde-fabrics', 'mama-put', 'admin'])
  })

  it('offers the fonts and backgrounds as swatches and previews the name in them', async () => {
    shopApi()
    const { user } = renderAs('/register/shop', newOwner())
    const fonts = await screen.findByRole('group', { name: 'Font' })
    expect(within(fonts).getAllByRole('radio')).toHaveLength(FONTS.length)
    expect((within(fonts).getByRole('radio', { name: 'Inter' }) as HTMLInputElement).checked).toBe(true)
    await user.click(within(fonts).getByRole('radio', { name: 'Playfair Display' }))
    await user.click(within(screen.getByRole('group', { name: 'Background' })).getByRole('radio', { name: 'Night' }))
    const preview = within(screen.getByRole('region', { name: 'Preview' })).getByText('Tunde Fabrics').parentElement!
    expect(preview.style.fontFamily).toContain('Playfair Display')
    expect(preview.style.background).toContain('linear-gradient')
  })

  it('sends the set-up as multipart and shows the store-under-review dialog; Okay signs out to the login page', async () => {
    const api = shopApi()
    const { user, router } = renderAs('/register/shop', newOwner())
    await screen.findByText('tunde-fabrics is available')
    await user.type(screen.getByLabelText(/^Description/), 'Ankara and aso-oke, cut to order.')
    await user.click(within(screen.getByRole('group', { name: 'Background' })).getByRole('radio', { name: 'Sand' }))
    await user.click(screen.getByRole('button', { name: 'Finish set-up' }))

    const dialog = await screen.findByRole('dialog', { name: UNDER_REVIEW_TITLE })
    expect(within(dialog).getByText(UNDER_REVIEW_TEXT)).toBeTruthy()
    expect(UNDER_REVIEW_TEXT).toContain('You will be notified via email once approved.')
    expect(router.state.location.pathname).toBe('/register/review')
    const form = api.sent[0]!
    expect(form.get('url')).toBe('"tunde-fabrics"')
    expect(form.get('description')).toBe('"Ankara and aso-oke, cut to order."')
    expect(form.get('font')).toBe('"inter"')
    expect(form.get('background')).toBe('"sand"')
    expect(form.has('logo')).toBe(false)

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(getSession()).toBeNull()
    expect(api.loggedOut).toEqual(['Bearer onboarding-token'])
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy()
  })

  it('a URL taken meanwhile is shown under the URL field', async () => {
    shopApi(() =>
      HttpResponse.json(
        { message: 'This shop URL is already taken', code: 'CONFLICT', issues: [{ path: 'url', message: 'is taken' }] },
        { status: 409 },
      ),
    )
    const { user, router } = renderAs('/register/shop', newOwner())
    await screen.findByText('tunde-fabrics is available')
    await user.click(screen.getByRole('button', { name: 'Finish set-up' }))
    const message = await screen.findByText('This shop URL is already taken')
    expect(message.closest('[data-part="root"]')?.querySelector('input')?.getAttribute('name')).toBe('url')
    expect(router.state.location.pathname).toBe('/register/shop')
  })
})
