import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { OFFLINE_MESSAGE_NOTE } from '#app/features/disputes/components/dispute-conversation'
import { disputeEndpoints, type DisputeMessage } from '#contract/disputes'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { disputeInfo, disputeMessage, disputeMessagePage } from '../sales-fixtures'

useAppHarness()

/** A dispute and its conversation, kept as a tiny server would: sends append, escalation flips the dispute. */
function disputeApi() {
  let info = disputeInfo()
  const messages: DisputeMessage[] = [
    disputeMessage(),
    disputeMessage({
      id: 'msg-2',
      author: 'vendor',
      authorName: 'Adaeze Okafor',
      message: 'Sorry! We can send another plate.',
      createdAt: '2026-11-21T16:10:00.000Z',
    }),
  ]
  const calls = { conversationReads: 0, sent: [] as unknown[], escalations: [] as unknown[] }
  server.use(
    handle(disputeEndpoints.disputeInfo, () => ok(info)),
    handle(disputeEndpoints.disputeConversation, () => {
      calls.conversationReads++
      return ok(disputeMessagePage(messages))
    }),
    handle(disputeEndpoints.sendDisputeMessage, async ({ request }) => {
      const body = (await request.json()) as { message: string }
      calls.sent.push(body)
      const stored = disputeMessage({
        id: `msg-${messages.length + 1}`,
        author: 'vendor',
        authorName: 'Adaeze Okafor',
        message: body.message,
        createdAt: '2026-11-22T10:00:00.000Z',
      })
      messages.push(stored)
      return ok(stored, 'Message sent')
    }),
    handle(disputeEndpoints.escalateDispute, async ({ request }) => {
      const body = (await request.json()) as { reason: string }
      calls.escalations.push(body)
      info = { ...info, status: 'escalated', isEscalated: true, escalationReason: body.reason, escalatedAt: '2026-11-22T10:05:00.000Z' }
      return ok(info, 'Dispute escalated')
    }),
  )
  return calls
}

describe('Dispute page', () => {
  it('shows the dispute and its conversation oldest first, the vendor on the right', async () => {
    disputeApi()
    renderApp('/orders/disputes/dis-1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Rice arrived cold' })).toBeTruthy()
    const details = screen.getByRole('region', { name: 'Dispute' })
    expect(within(details).getByText('open')).toBeTruthy()
    expect(within(details).getByText('Wrong item')).toBeTruthy()
    expect(within(details).getByRole('link', { name: 'ORD-7K2M9' }).getAttribute('href')).toBe('/orders/ORD-7K2M9')
    expect(within(details).getByText(/jollof was cold on arrival/)).toBeTruthy()

    const thread = await screen.findByRole('list', { name: 'Messages' })
    const messages = within(thread).getAllByRole('listitem')
    expect(messages.map((m) => m.getAttribute('data-author'))).toEqual(['customer', 'vendor'])
    expect(within(messages[0]!).getByText(/Chukwuemeka Obi/)).toBeTruthy()
    expect(within(messages[1]!).getByText(/Adaeze Okafor · You/)).toBeTruthy()
  })

  it('sends a message, then reads the conversation again', async () => {
    const calls = disputeApi()
    const { user } = renderApp('/orders/disputes/dis-1')
    await screen.findByRole('list', { name: 'Messages' })
    const reads = calls.conversationReads
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(screen.getByText('Write a message first.')).toBeTruthy()
    expect(calls.sent).toEqual([])

    await user.type(screen.getByLabelText('Message'), 'The rider is on his way back.')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    await waitFor(() => expect(calls.sent).toEqual([{ disputeId: 'dis-1', message: 'The rider is on his way back.' }]))
    const thread = screen.getByRole('list', { name: 'Messages' })
    expect(await within(thread).findByText('The rider is on his way back.')).toBeTruthy()
    expect(calls.conversationReads).toBeGreaterThan(reads)
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('')
  })

  it('offline, a message waits on the device, shows as waiting, and is sent once with its key when back online', async () => {
    const calls = disputeApi()
    const keys: (string | null)[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/dispute/conversations')) keys.push(request.headers.get('Idempotency-Key'))
    })
    const { user } = renderApp('/orders/disputes/dis-1')
    await screen.findByRole('list', { name: 'Messages' })
    act(() => onlineManager.setOnline(false))
    expect(await screen.findByText(OFFLINE_MESSAGE_NOTE)).toBeTruthy()
    await user.type(screen.getByLabelText('Message'), 'We will call you at noon.')
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    const waiting = await screen.findByTestId('waiting-message')
    expect(within(waiting).getByText('We will call you at noon.')).toBeTruthy()
    expect(within(waiting).getByText('Waiting to send')).toBeTruthy()
    expect(screen.getByRole('button', { name: /1 change waiting to send/ })).toBeTruthy()
    expect(calls.sent).toEqual([])

    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(calls.sent).toEqual([{ disputeId: 'dis-1', message: 'We will call you at noon.' }]))
    const thread = screen.getByRole('list', { name: 'Messages' })
    expect(await within(thread).findByText('We will call you at noon.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('waiting-message')).toBeNull())
    expect(screen.queryByRole('button', { name: /waiting to send/ })).toBeNull()
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    server.events.removeAllListeners()
  })

  it('escalates with a required reason, then shows the reason instead of the button', async () => {
    const calls = disputeApi()
    const { user, router } = renderApp('/orders/disputes/dis-1')
    await user.click(await screen.findByRole('link', { name: 'Escalate Dispute to Admin' }))
    const sheet = await screen.findByRole('dialog', { name: 'Escalate Dispute to Admin' })
    expect(router.state.location.pathname).toBe('/orders/disputes/dis-1/escalate')
    await user.click(within(sheet).getByRole('button', { name: 'Escalate' }))
    expect(await within(sheet).findByText('Enter the reason for escalating.')).toBeTruthy()
    expect(calls.escalations).toEqual([])

    await user.type(within(sheet).getByLabelText(/^Reason/), 'The customer has stopped answering.')
    await user.click(within(sheet).getByRole('button', { name: 'Escalate' }))
    await waitFor(() => expect(calls.escalations).toEqual([{ disputeId: 'dis-1', reason: 'The customer has stopped answering.' }]))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/disputes/dis-1'))
    const escalation = await screen.findByRole('region', { name: 'Escalated to admin' })
    expect(within(escalation).getByText('The customer has stopped answering.')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Escalate Dispute to Admin' })).toBeNull()
    expect(within(screen.getByRole('region', { name: 'Dispute' })).getByText('escalated')).toBeTruthy()
  })
})
