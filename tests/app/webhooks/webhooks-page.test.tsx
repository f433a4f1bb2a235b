import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import type { WebhookDelivery, WebhookEndpoint } from '#contract/webhooks'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'

/* Settings → Webhooks (issue 40): adding an endpoint and seeing its secret, a refused URL, the log and Resend, access. */

useAppHarness()

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

const endpoint: WebhookEndpoint = {
  id: 'ep-1',
  url: 'https://shop.example.ng/hooks',
  description: 'Shop website',
  events: ['payment.received'],
  isEnabled: true,
  createdAt: '2026-12-05T10:00:00.000Z',
}

const delivery: WebhookDelivery = {
  id: 'dl-1',
  endpointId: 'ep-1',
  eventId: 'evt_1',
  type: 'payment.received',
  status: 'pending',
  attempts: 2,
  answerStatus: 500,
  answerBody: 'database down',
  requestBody: '{"id":"evt_1","type":"payment.received","timestamp":"2026-12-05T11:00:00.000Z","data":{"amount":500000}}',
  createdAt: '2026-12-05T11:00:00.000Z',
  // 12:00 UTC is 13:00 in Lagos.
  lastAttemptAt: '2026-12-05T12:00:00.000Z',
  nextAttemptAt: '2026-12-05T12:00:10.000Z',
}

const profile = () =>
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
  )

function api(list: WebhookEndpoint[], log: WebhookDelivery[]) {
  const calls: { create: unknown[]; resend: string[] } = { create: [], resend: [] }
  server.use(
    handle(endpoints.listWebhookEndpoints, () => ok(list)),
    handle(endpoints.listWebhookDeliveries, () => ok({ items: log, page: 1, size: 50, total: log.length })),
    handle(endpoints.createWebhookEndpoint, async ({ request }) => {
      const body = (await request.json()) as { url: string; events: string[] }
      calls.create.push(body)
      if (body.url.startsWith('http://'))
        return Response.json(
          {
            message: 'url: must start with https://',
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'url', message: 'must start with https://' }],
          },
          { status: 422 },
        )
      const made = { ...endpoint, id: 'ep-2', url: body.url, events: body.events as WebhookEndpoint['events'], description: '' }
      list.push(made)
      return ok({ ...made, secret: SECRET }, 'Endpoint added')
    }),
    handle(endpoints.resendWebhookDelivery, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!
      calls.resend.push(id)
      const again = {
        ...delivery,
        id: 'dl-2',
        status: 'pending' as const,
        attempts: 0,
        answerStatus: null,
        answerBody: null,
        lastAttemptAt: null,
      }
      log.unshift(again)
      return ok(again, 'Sending again')
    }),
  )
  return calls
}

describe('Settings → Webhooks', () => {
  it('adds an endpoint with the events ticked and shows its signing secret once made', async () => {
    const calls = api([], [])
    const { user } = renderApp('/settings/webhooks')
    await screen.findByText(/No endpoints yet/)
    await user.type(screen.getByLabelText(/^URL/), 'https://erp.example.ng/in')
    await user.click(screen.getByRole('checkbox', { name: /dispute\.updated/ }))
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(SECRET)
    expect(calls.create).toEqual([
      {
        url: 'https://erp.example.ng/in',
        events: ['payment.received', 'order.paid', 'order.refunded', 'transfer.succeeded', 'transfer.failed'],
        description: '',
      },
    ])
    await screen.findByText('https://erp.example.ng/in')
  })

  it('shows a refused URL under the field', async () => {
    api([], [])
    const { user } = renderApp('/settings/webhooks')
    await user.type(await screen.findByLabelText(/^URL/), 'http://erp.example.ng/in')
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    await screen.findByText('must start with https://')
    expect(screen.queryByTestId('webhook-secret')).toBeNull()
  })

  it('lists deliveries with their answer and Lagos time, shows what was sent, and resends', async () => {
    const calls = api([{ ...endpoint }], [{ ...delivery }])
    const { user } = renderApp('/settings/webhooks')
    const [row] = await screen.findAllByTestId('webhook-delivery')
    within(row!).getByText('Retrying')
    within(row!).getByText('answered 500 · 2 tries · 5 Dec 2026, 13:00')
    within(row!).getByText('To https://shop.example.ng/hooks')
    await user.click(within(row!).getByText('Request and answer'))
    expect(within(row!).getByText(/"amount": 500000/)).toBeTruthy()
    within(row!).getByText('database down')
    await user.click(within(row!).getByRole('button', { name: 'Resend' }))
    await waitFor(() => expect(calls.resend).toEqual(['dl-1']))
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(2))
    within(screen.getAllByTestId('webhook-delivery')[0]!).getByText('Not sent yet')
  })

  it('is reached from the Settings row', async () => {
    api([], [])
    server.use(
      profile(),
      handle(endpoints.paymentSms, () => ok({ isEnabled: false, sentTo: '080****4567' })),
    )
    const { user, router } = renderApp('/settings?tab=profile')
    await user.click(await screen.findByRole('link', { name: /Webhooks/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/webhooks'))
    await screen.findByText(/No endpoints yet/)
  })

  it('has no Settings row for a member without VENDOR_DEVELOPERS', async () => {
    server.use(profile())
    renderApp('/settings?tab=profile', { role: 'member', permissions: ['VENDOR_SETTINGS'] })
    await screen.findByText('Business profile')
    expect(screen.queryByRole('link', { name: /Webhooks/ })).toBeNull()
  })

  it('tells a member without VENDOR_DEVELOPERS they have no access', async () => {
    renderApp('/settings/webhooks', { role: 'member', permissions: ['VENDOR_ORDERS'] })
    await screen.findByText(/API keys and webhooks/)
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull()
  })
})
