import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { M } from '#app/features/onboarding/kyc-form-schema'
import { endpoints } from '#contract/index'

import { handle, ok, server, useAppHarness } from '../harness'
import { AT_KYC, AT_SHOP, BACKGROUNDS, FONTS, newOwner, onboarding } from '../onboarding-fixtures'
import { renderAs } from './render'

useAppHarness()
afterEach(() => vi.unstubAllGlobals())

function kycApi(answer?: () => Response) {
  const sent: FormData[] = []
  server.use(
    handle(endpoints.onboarding, () => ok(onboarding(AT_KYC))),
    handle(endpoints.submitKyc, async ({ request }) => {
      sent.push(await request.formData())
      return answer?.() ?? ok(onboarding(AT_SHOP), 'Identity details received')
    }),
    // The shop step that follows.
    handle(endpoints.supportedFonts, () => ok(FONTS)),
    handle(endpoints.supportedBackgrounds, () => ok(BACKGROUNDS)),
    handle(endpoints.checkShopUrl, ({ request }) =>
      ok({ url: new URL(request.url).searchParams.get('url')!, available: true, reason: null }),
    ),
  )
  return sent
}

const pdf = () => new File(['%PDF-1.4 licence'], 'licence.pdf', { type: 'application/pdf' })

type Events = ReturnType<typeof renderAs>['user']

async function fillKyc(user: Events, { year = '1990' } = {}) {
  await user.selectOptions(await screen.findByLabelText(/^Document type/), "Driver's licence")
  await user.upload(screen.getByLabelText('Identity document'), pdf())
  await user.selectOptions(screen.getByLabelText('Day'), '15')
  await user.selectOptions(screen.getByLabelText('Month'), 'March')
  await user.selectOptions(screen.getByLabelText('Year'), year)
  await user.type(screen.getByLabelText(/^Address/), '12 Balogun Street, Lagos Island')
  await user.click(screen.getByRole('radio', { name: 'NIN' }))
  await user.type(screen.getByLabelText(/^NIN number/), '1234567890123')
}

describe('/register/kyc', () => {
  it('the year dropdown shows exactly 100 years, this year first', async () => {
    kycApi()
    renderAs('/register/kyc', newOwner())
    const year = await screen.findByLabelText('Year')
    const years = within(year)
      .getAllByRole('option')
      .slice(1)
      .map((o) => Number(o.textContent))
    const current = new Date().getFullYear()
    expect(years).toHaveLength(100)
    expect(years[0]).toBe(current)
    expect(years[99]).toBe(current - 99)
  })

  it('says what is missing under each field', async () => {
    const sent = kycApi()
    const { user } = renderAs('/register/kyc', newOwner())
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    for (const message of [M.documentType, M.document, M.dateOfBirth, M.address, M.idType, M.idNumber]) {
      expect(await screen.findByText(message)).toBeTruthy()
    }
    expect(sent).toEqual([])
  })

  it('refuses someone under 18', async () => {
    const sent = kycApi()
    const { user } = renderAs('/register/kyc', newOwner())
    await fillKyc(user, { year: String(new Date().getFullYear() - 10) })
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(M.tooYoung)).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('sends the document and the details as multipart, then goes on to the shop', async () => {
    const sent = kycApi()
    const { user, router } = renderAs('/register/kyc', newOwner())
    await fillKyc(user)
    expect(screen.getByText('licence.pdf')).toBeTruthy()
    // 11 digits at most, whatever is typed.
    expect((screen.getByLabelText(/^NIN number/) as HTMLInputElement).value).toBe('12345678901')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/shop'))
    expect(sent).toHaveLength(1)
    const form = sent[0]!
    expect(form.get('documentType')).toBe('"DRIVERS_LICENSE"')
    // jsdom's File loses its name on the way through Node's fetch (see api-multipart.test): one part, its type.
    expect(form.getAll('document').map((f) => (f as File).type)).toEqual(['application/pdf'])
    expect(form.get('dateOfBirth')).toBe('"1990-03-15"')
    expect(form.get('address')).toBe('"12 Balogun Street, Lagos Island"')
    expect(form.get('idType')).toBe('"NIN"')
    expect(form.get('idNumber')).toBe('"12345678901"')
  })

  it('previews a photo of the document, which can be removed', async () => {
    kycApi()
    vi.stubGlobal('createImageBitmap', async () => ({ width: 800, height: 500, close: () => {} }))
    URL.createObjectURL = () => 'blob:preview'
    URL.revokeObjectURL = () => {}
    const { user } = renderAs('/register/kyc', newOwner())
    await user.upload(await screen.findByLabelText('Identity document'), new File(['jpeg'], 'card.jpg', { type: 'image/jpeg' }))
    expect((await screen.findByAltText('Preview of card.jpg')).getAttribute('src')).toBe('blob:preview')
    await user.click(screen.getByRole('button', { name: 'Remove card.jpg' }))
    expect(screen.queryByText('card.jpg')).toBeNull()
    expect(screen.getByLabelText('Identity document')).toBeTruthy()
  })

  it("shows the server's refusal under the field it names", async () => {
    kycApi(() =>
      HttpResponse.json(
        { message: 'Invalid input', code: 'VALIDATION', issues: [{ path: 'dateOfBirth', message: 'must be 18 or older' }] },
        { status: 422 },
      ),
    )
    const { user, router } = renderAs('/register/kyc', newOwner())
    await fillKyc(user)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Must be 18 or older.')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/register/kyc')
  })

  it('an owner whose phone is not verified yet is sent back to the code', async () => {
    server.use(handle(endpoints.onboarding, () => ok(onboarding())))
    const { router } = renderAs('/register/kyc', newOwner())
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/verify'))
  })
})
