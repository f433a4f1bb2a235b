import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'

import { notify } from '#app/lib/notify'
import { MONEY_KEYS, queryKeys } from '#app/lib/query-keys'
import { PAYMENT_RECEIVED, PaymentReceived } from '#contract/events'
import { formatKobo } from '#contract/naira'
import type { OrderStatus } from '#contract/statuses'

import { openEventStream } from './event-stream'
import { announcePayment } from './spoken-setting'

/** How an order paid by a credit stands after it, in the alert's words; other statuses are not the payment's doing. */
const ORDER_AFTER: Partial<Record<OrderStatus, string>> = {
  paid: 'now paid',
  'partially-paid': 'now partially paid',
  overpayment: 'now overpaid',
}

/**
 * "₦5,000.00 received from Chioma Okeke · Access Bank" (issue 22), and for a credit that paid an order
 * "… for ORD-6NNFBZ7T, now paid" (issue 35).
 */
export function paymentAlertText({ transaction, order }: Pick<PaymentReceived, 'transaction' | 'order'>): string {
  const amount = formatKobo(transaction.amount, transaction.currency)
  const from = [transaction.originatorAccountName, transaction.originatorBankName].filter(Boolean).join(' · ')
  const received = from ? `${amount} received from ${from}` : `${amount} received`
  if (!order) return received
  const after = ORDER_AFTER[order.status]
  return after ? `${received} for ${order.reference}, ${after}` : `${received} for ${order.reference}`
}

/** Balance, transactions, the matched order, customers, outlets and any open payment page: read again. */
function refreshMoney(queryClient: QueryClient): void {
  for (const queryKey of MONEY_KEYS) void queryClient.invalidateQueries({ queryKey })
  void queryClient.invalidateQueries({ queryKey: queryKeys.publicOrder('').slice(0, 1) })
}

/** Credits already shown: a replay after a reconnect may send one again. */
const SHOWN_MEMORY = 200

/**
 * Live payment alerts while the app is open (docs/decisions/107): each credit the user may see is a toast, and
 * spoken when this device has it on; the screens showing money read their data again. Returns the stop.
 */
export function startLiveAlerts(queryClient: QueryClient, token: string): () => void {
  const shown = new Set<string>()
  return openEventStream({
    token,
    // A reconnect may follow a gap longer than the replay window: what is on screen is read again.
    onOpen: (again) => {
      if (again) refreshMoney(queryClient)
    },
    onEvent: (event) => {
      if (event.event !== PAYMENT_RECEIVED) return
      let payload: PaymentReceived
      try {
        payload = v.parse(PaymentReceived, JSON.parse(event.data))
      } catch {
        return
      }
      const { transaction } = payload
      if (shown.has(transaction.id)) return
      shown.add(transaction.id)
      if (shown.size > SHOWN_MEMORY) shown.delete(shown.values().next().value!)
      notify.success(paymentAlertText(payload))
      announcePayment(transaction.amount)
      refreshMoney(queryClient)
    },
  })
}
