import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { BANKS, pinStatus, resolved, SEND_LIMITS, SETTLEMENT } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

type User = ReturnType<typeof renderApp>['user']

async function typeInto(user: User, label: string, digits: string) {
  await user.click(screen.getByLabelText(`${label}, digit 1 of ${label === 'Verification code' ? 6 : 4}`))
  await user.keyboard(digits)
}

/** Payout settings: Add account, Access Bank 0690000032, its name shown, Save account: answers the PIN dialog. */
async function saveAccountUpToThePin(user: User): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Add account' }))
  await user.click(screen.getByRole('combobox', { name: 'Bank' }))
  await user.click(await screen.findByRole('option', { name: 'Access Bank' }))
  await user.type(screen.getByLabelText('Account number'), '0690000032')
  await screen.findByText('MAMA PUT KITCHEN LTD')
  await user.click(screen.getByRole('button', { name: 'Save account' }))
  return screen.findByRole('alertdialog', { name: 'Change settlement account' })
}

function profileApi() {
  server.use(
    handle(endpoints.vendorProfile, () =>
      ok({
        id: 'vendor-1',
        name: 'Mama Put Kitchen',
        email: 'demo@vendor.test',
        phone: '08031234567',
        url: null,
        status: 'approved',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    ),
  )
}

describe('Transaction PIN', () => {
  it('creates a PIN when none exists, with the account password, refusing a confirmation that does not match', async () => {
    profileApi()
    const sent: unknown[] = []
    server.use(
      handle(endpoints.pinStatus, () => ok(pinStatus({ hasPin: false }))),
      handle(endpoints.createPin, async ({ request }) => {
        const body = (await request.json()) as { pin: string; password: string }
        sent.push(body)
        if (body.password !== 'demo-pass-2026') {
          const issues = [{ path: 'password', message: 'is incorrect' }]
          return HttpResponse.json({ message: 'password: is incorrect', code: 'INVALID_PASSWORD', issues }, { status: 422 })
        }
        return ok(pinStatus(), 'Transaction PIN created')
      }),
    )
    const { user } = renderApp('/settings?tab=security')
    await screen.findByText(/You have not set a transaction PIN yet/)
    await typeInto(user, 'New PIN', '1234')
    await typeInto(user, 'Confirm PIN', '1243')
    // The session alone is not enough (issue 35): without the password there is nothing to send.
    const create = screen.getByRole('button', { name: 'Create PIN' })
    expect((create as HTMLButtonElement).disabled).toBe(true)
    const password = screen.getByLabelText('Account password')
    await user.type(password, 'wrong-password')
    await user.click(create)
    expect(await screen.findByText('PINs do not match.')).toBeTruthy()
    expect(sent).toEqual([])

    await typeInto(user, 'Confirm PIN', '1234')
    await user.click(create)
    // A wrong password is said under its field, and no PIN is set.
    expect(await screen.findByText('Is incorrect.')).toBeTruthy()
    expect(password.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('link', { name: 'Change PIN' })).toBeNull()

    await user.clear(password)
    await user.type(password, 'demo-pass-2026')
    await user.click(create)
    expect(await screen.findByRole('status', { name: 'Transaction PIN created' })).toBeTruthy()
    expect(sent).toEqual([
      { pin: '1234', password: 'wrong-password' },
      { pin: '1234', password: 'demo-pass-2026' },
    ])
    expect(await screen.findByRole('link', { name: 'Change PIN' })).toBeTruthy()
  })

  it('changes the PIN in three steps, sending the x-session-key from step 2 back in step 3', async () => {
    profileApi()
    const seen: { initiate?: unknown; otp?: unknown; reset?: unknown; key?: string | null } = {}
    server.use(
      handle(endpoints.pinStatus, () => ok(pinStatus())),
      handle(endpoints.initiatePinChange, async ({ request }) => {
        seen.initiate = await request.json()
        return ok({ expiresInMinutes: 10, sentTo: '0803***4567' }, 'A code has been sent to your phone')
      }),
      handle(endpoints.verifyPinOtp, async ({ request }) => {
        seen.otp = await request.json()
        return new Response(JSON.stringify({ message: 'Code verified', data: { expiresInMinutes: 10 } }), {
          headers: { 'Content-Type': 'application/json', 'x-session-key': 'session-key-123' },
        })
      }),
      handle(endpoints.resetPin, async ({ request }) => {
        seen.reset = await request.json()
        seen.key = request.headers.get('x-session-key')
        return ok(pinStatus(), 'Your PIN has been changed')
      }),
    )
    const { user, router } = renderApp('/settings?tab=security')
    await user.click(await screen.findByRole('link', { name: 'Change PIN' }))
    const sheet = await screen.findByRole('dialog', { name: 'Change Your Pin' })
    expect(within(sheet).getByText(/Step 1 of 3/)).toBeTruthy()
    await typeInto(user, 'Current PIN', '1234')
    await user.click(within(sheet).getByRole('button', { name: 'Continue' }))

    expect(await within(sheet).findByText(/Step 2 of 3/)).toBeTruthy()
    expect(within(sheet).getByText(/0803\*\*\*4567/)).toBeTruthy()
    await typeInto(user, 'Verification code', '123456')

    expect(await within(sheet).findByText(/Step 3 of 3/)).toBeTruthy()
    await typeInto(user, 'New PIN', '4321')
    await typeInto(user, 'Confirm new PIN', '4322')
    await user.click(within(sheet).getByRole('button', { name: 'Change PIN' }))
    expect(await within(sheet).findByText('PINs do not match.')).toBeTruthy()
    await typeInto(user, 'Confirm new PIN', '4321')
    await user.click(within(sheet).getByRole('button', { name: 'Change PIN' }))

    expect(await screen.findByRole('status', { name: 'Your PIN has been changed' })).toBeTruthy()
    expect(seen).toEqual({ initiate: { pin: '1234' }, otp: { otp: '123456' }, reset: { pin: '4321' }, key: 'session-key-123' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    // The key was only ever in memory.
    expect(JSON.stringify({ ...localStorage })).not.toContain('session-key-123')
  })

  it('resets a forgotten PIN with the password, and shows a wrong password in place', async () => {
    profileApi()
    let attempts = 0
    server.use(
      handle(endpoints.pinStatus, () => ok(pinStatus({ locked: true, attemptsRemaining: 0 }))),
      handle(endpoints.initiatePinChange, async ({ request }) => {
        attempts++
        const body = (await request.json()) as { password?: string }
        if (body.password !== 'demo-pass-2026') return fail(400, 'INVALID_PASSWORD', 'Your password is incorrect')
        return ok({ expiresInMinutes: 10, sentTo: '0803***4567' })
      }),
    )
    const { user } = renderApp('/settings?tab=security')
    expect(await screen.findByText(/Your PIN is locked/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Change PIN' })).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Forgot PIN?' }))
    const sheet = await screen.findByRole('dialog', { name: 'Change Your Pin' })
    await user.type(within(sheet).getByLabelText('Account password'), 'wrong')
    await user.click(within(sheet).getByRole('button', { name: 'Continue' }))
    expect(await within(sheet).findByText('Your password is incorrect')).toBeTruthy()
    await user.clear(within(sheet).getByLabelText('Account password'))
    await user.type(within(sheet).getByLabelText('Account password'), 'demo-pass-2026')
    await user.click(within(sheet).getByRole('button', { name: 'Continue' }))
    expect(await within(sheet).findByText(/Step 2 of 3/)).toBeTruthy()
    expect(attempts).toBe(2)
  })
})

describe('Payout settings', () => {
  function payoutApi(thirdParty = { isEnabled: false }) {
    profileApi()
    const calls: { settlement?: unknown; thirdParty?: unknown[]; bearer?: unknown } = { thirdParty: [] }
    server.use(
      handle(endpoints.settlementAccount, () => ok(calls.settlement ? SETTLEMENT : null)),
      handle(endpoints.thirdPartyTransfers, () => ok(thirdParty)),
      handle(endpoints.sendLimits, () => ok(SEND_LIMITS)),
      handle(endpoints.vendorCharges, () =>
        ok({
          tiers: [
            { name: 'BELOW5000', amount: 1_075 },
            { name: 'BELOW50000', amount: 2_688 },
            { name: 'ABOVE50000', amount: 5_375 },
          ],
          chargeBearer: 'vendor',
        }),
      ),
      handle(endpoints.listBanks, () => ok(BANKS)),
      handle(endpoints.resolveAccount, () => ok(resolved({ requestId: 'req-settle', accountName: 'MAMA PUT KITCHEN LTD' }))),
      handle(endpoints.setSettlementAccount, async ({ request }) => {
        const body = (await request.json()) as { pin: string; requestId: string }
        if (body.pin !== '1234') return fail(422, 'INVALID_PIN', 'Incorrect PIN. 4 attempts remaining.')
        calls.settlement = body
        return ok(SETTLEMENT, 'Settlement account saved')
      }),
      handle(endpoints.setThirdPartyTransfers, async ({ request }) => {
        const body = (await request.json()) as { pin: string; isEnabled: boolean }
        calls.thirdParty!.push(body)
        if (body.pin !== '1234') return fail(422, 'INVALID_PIN', 'Incorrect PIN. 4 attempts remaining.')
        return ok({ isEnabled: body.isEnabled }, 'Third-party transfers turned on')
      }),
      handle(endpoints.setChargeBearer, async ({ request }) => {
        calls.bearer = await request.json()
        return ok({ chargeBearer: 'customer' }, 'Charge bearer updated')
      }),
    )
    return calls
  }

  it('saves a resolved settlement account by its requestId, only with the PIN, showing a wrong PIN in the dialog', async () => {
    const calls = payoutApi()
    const { user } = renderApp('/settings?tab=payout-settings')
    await user.click(await screen.findByRole('button', { name: 'Add account' }))
    await user.click(screen.getByRole('combobox', { name: 'Bank' }))
    await user.click(await screen.findByRole('option', { name: 'Access Bank' }))
    // Pasted as people share numbers in chats: the spaces go before the 10-digit cut.
    await user.click(screen.getByLabelText('Account number'))
    await user.paste('0690 000 032')
    expect((screen.getByLabelText('Account number') as HTMLInputElement).value).toBe('0690000032')
    expect(await screen.findByText('MAMA PUT KITCHEN LTD')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save account' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Change settlement account' })
    expect(within(dialog).getByText(/The account owner will be told/)).toBeTruthy()
    expect(calls.settlement).toBeUndefined()
    await user.click(within(dialog).getByLabelText('Transaction PIN, digit 1 of 4'))
    await user.keyboard('1111')
    expect(await within(dialog).findByText('Incorrect PIN. 4 attempts remaining.')).toBeTruthy()
    expect(calls.settlement).toBeUndefined()
    await user.click(within(dialog).getByLabelText('Transaction PIN, digit 1 of 4'))
    await user.keyboard('1234')
    expect(await screen.findByRole('status', { name: 'Settlement account saved' })).toBeTruthy()
    expect(calls.settlement).toEqual({ requestId: 'req-settle', pin: '1234' })
    expect(await screen.findByRole('button', { name: 'Change' })).toBeTruthy()
  })

  it('turns third-party transfers on only with the PIN, showing a wrong PIN in the dialog', async () => {
    const calls = payoutApi()
    const { user } = renderApp('/settings?tab=payout-settings')
    await user.click(await screen.findByRole('switch', { name: /Allow transfers to other accounts/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn on third-party transfers' })
    expect(within(dialog).getByText(/The account owner will be told/)).toBeTruthy()
    await user.click(within(dialog).getByLabelText('Transaction PIN, digit 1 of 4'))
    await user.keyboard('1111')
    expect(await within(dialog).findByText('Incorrect PIN. 4 attempts remaining.')).toBeTruthy()
    await user.click(within(dialog).getByLabelText('Transaction PIN, digit 1 of 4'))
    await user.keyboard('1234')
    expect(await screen.findByRole('status', { name: 'Third-party transfers turned on' })).toBeTruthy()
    expect(calls.thirdParty).toEqual([
      { isEnabled: true, pin: '1111' },
      { isEnabled: true, pin: '1234' },
    ])
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true))
  })

  it('sets who bears the charges', async () => {
    const calls = payoutApi()
    const { user } = renderApp('/settings?tab=payout-settings')
    await user.click(await screen.findByRole('radio', { name: 'My customer pays' }))
    expect(await screen.findByRole('status', { name: 'Charge bearer updated' })).toBeTruthy()
    expect(calls.bearer).toEqual({ chargeBearer: 'customer' })
  })

  it('renews an expired name lookup silently when saving the settlement account', async () => {
    const calls = payoutApi()
    let lookups = 0
    const bodies: unknown[] = []
    server.use(
      handle(endpoints.resolveAccount, () => ok(resolved({ requestId: `req-${++lookups}`, accountName: 'MAMA PUT KITCHEN LTD' }))),
      handle(endpoints.setSettlementAccount, async ({ request }) => {
        const body = (await request.json()) as { requestId: string }
        bodies.push(body)
        if (body.requestId === 'req-1') return fail(422, 'INVALID_REQUEST_ID', 'requestId: has expired; resolve the account again')
        calls.settlement = body
        return ok(SETTLEMENT, 'Settlement account saved')
      }),
    )
    const { user } = renderApp('/settings?tab=payout-settings')
    const dialog = await saveAccountUpToThePin(user)
    await user.click(within(dialog).getByLabelText('Transaction PIN, digit 1 of 4'))
    await user.keyboard('1234')
    expect(await screen.findByRole('status', { name: 'Settlement account saved' })).toBeTruthy()
    expect(bodies).toEqual([
      { requestId: 'req-1', pin: '1234' },
      { requestId: 'req-2', pin: '1234' },
    ])
    expect(screen.queryByText(/has expired/)).toBeNull()
  })

  it('does not save a renewed lookup that names someone else before the person has seen the name', async () => {
    payoutApi()
    let lookups = 0
    const bodies: unknown[] = []
    server.use(
      handle(endpoints.resolveAccount, () =>
        ok(resolved({ requestId: `req-${++lookups}`, accountName: lookups === 1 ? 'MAMA PUT KITCHEN LTD' : 'MUSA BELLO' })),
      ),
      handle(endpoints.setSettlementAccount, async ({ request }) => {
        const body = (await request.json()) as { requestId: string }
        bodies.push(body)
        if (body.requestId === 'req-1') return fail(422, 'INVALID_REQUEST_ID', 'requestId: has expired; resolve the account again')
        return ok(SETTLEMENT, 'Settlement account saved')
      }),
    )
    const { user } = renderApp('/settings?tab=payout-settings')
    const dialog = await saveAccountUpToThePin(user)
    await typeInto(user, 'Transaction PIN', '1234')
    expect(
      await within(dialog).findByText("The bank now gives this account's name as MUSA BELLO. Check it, then enter your PIN again."),
    ).toBeTruthy()
    expect(within(dialog).getByText(/send payouts to MUSA BELLO/)).toBeTruthy()
    expect(bodies).toEqual([{ requestId: 'req-1', pin: '1234' }])

    await typeInto(user, 'Transaction PIN', '1234')
    expect(await screen.findByRole('status', { name: 'Settlement account saved' })).toBeTruthy()
    expect(bodies).toEqual([
      { requestId: 'req-1', pin: '1234' },
      { requestId: 'req-2', pin: '1234' },
    ])
  })

  it('shows payout settings read-only to a member without VENDOR_SETTINGS', async () => {
    payoutApi()
    renderApp('/settings?tab=payout-settings', { permissions: ['VENDOR_WALLET', 'VENDOR_TRANSFERS'] })
    expect(await screen.findByText(/Only a team member with the settings permission/)).toBeTruthy()
    expect(((await screen.findByRole('switch')) as HTMLInputElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Add account' })).toBeNull()
    // Disabled through its fieldset, which the :disabled state reflects.
    expect((await screen.findByRole('radio', { name: 'My customer pays' })).matches(':disabled')).toBe(true)
  })

  it('does not ask for the settlement account for a member without VENDOR_TRANSFERS, and says why', async () => {
    payoutApi()
    let asked = 0
    server.use(
      handle(endpoints.settlementAccount, () => {
        asked++
        return fail(403, 'FORBIDDEN', 'You do not have permission to do this')
      }),
    )
    renderApp('/settings?tab=payout-settings', { permissions: ['VENDOR_SETTINGS', 'VENDOR_WALLET'] })
    expect(await screen.findByText('Only a team member with the transfers permission can see the settlement account.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add account' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull()
    expect(asked).toBe(0)
    // Third-party transfers route money as the settlement account does: shown, but not to be turned on.
    expect(((await screen.findByRole('switch')) as HTMLInputElement).disabled).toBe(true)
    expect(screen.getByText('Only a team member with the transfers permission can change this.')).toBeTruthy()
  })
})
