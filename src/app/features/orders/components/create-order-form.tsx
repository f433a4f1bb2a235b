import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { ApiError, errorMessage } from '#app/lib/api'
import { afterFailure, type Attempt, attemptFor, outcomeUnknown } from '#app/lib/idempotency'
import { notify } from '#app/lib/notify'
import { useOnline } from '#app/lib/online'
import { shouldToast } from '#app/lib/query-client'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import type { CustomerPickerComponent } from '#app/ui/customer-choice'
import { DateInput } from '#app/ui/date-input'
import { Field } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { Notice } from '#app/ui/notice'
import { Switch } from '#app/ui/switch'
import type { ProductVariant } from '#contract/catalogue'
import { lagosDay } from '#contract/common'
import type { Order } from '#contract/orders'

import type { KindText } from '../kinds'
import { addVariant, type DraftErrors, draftErrors, emptyOrderDraft, orderBody, type OrderDraft } from '../order-draft'
import { queueOrder, useCreateOrder } from '../queries'
import { CodeEntry } from './code-entry'
import { OrderCustomerFields } from './order-customer-fields'
import { OrderLinesEditor } from './order-lines-editor'
import { OrderLocationField } from './order-location-field'
import { OrderPricingFields } from './order-pricing-fields'
import { OrderTotalsPreview } from './order-totals-preview'
import { VariantSearch } from './variant-search'

export const UNKNOWN_ORDER_OUTCOME = 'We could not confirm that it was saved. Try again: it will not be created twice.'

const form = stack({ gap: '4' })
const error = css({ display: 'flex', gap: '1.5', alignItems: 'flex-start', textStyle: 'body.sm', color: 'danger.fg' })
const actions = css({ display: 'flex', gap: '3', '& > *': { flex: '1' }, sm: { justifyContent: 'flex-end', '& > *': { flex: 'initial' } } })

/** The server's refusals under the fields they name (docs/decisions/033); the paths are the body's, dot-joined. */
function serverErrors(error: unknown): DraftErrors | null {
  if (!(error instanceof ApiError) || error.issues.length === 0) return null
  const found: DraftErrors = {}
  const say = (message: string) => (error.status === 422 ? `${message.charAt(0).toUpperCase()}${message.slice(1)}.` : error.message)
  for (const issue of error.issues) {
    if (issue.path === 'customer.name') found.customerName ??= say(issue.message)
    else if (issue.path === 'customer.email') found.customerEmail ??= say(issue.message)
    else if (issue.path === 'couponCode') found.couponCode ??= say(issue.message)
    else if (issue.path === 'dueDate') found.dueDate ??= say(issue.message)
    else if (issue.path === 'items' || issue.path.startsWith('items.')) found.items ??= say(issue.message)
  }
  return Object.keys(found).length ? found : null
}

export interface CreateOrderFormProps {
  kind: KindText
  /** A filled-in start (an order for a transfer); empty otherwise. */
  initial?: OrderDraft
  /** /orders/create-order: the transfer this order is for; it pays the order. */
  transactionReference?: string
  /** Shown in place of the customer fields: an order for a transfer is its payer's (docs/decisions/129). */
  fixedCustomer?: ReactNode
  picker?: CustomerPickerComponent
  onCreated: (order: Order) => void
  /**
   * Offline, the order is kept on the device and sent when the network returns (docs/decisions/092); this is called
   * once it is kept. Without it the form refuses offline (an order for a transfer settles money: never queued).
   */
  onQueued?: () => void
  onCancel: () => void
}

/**
 * Create order / Create invoice: customer, items, coupon, taxes, delivery, narration and the live totals. The
 * draft lives in component state (docs/decisions/040); each submit attempt carries one Idempotency-Key, reused
 * only to retry an attempt whose outcome is unknown (docs/decisions/011), so a retry never makes two orders.
 */
export function CreateOrderForm({
  kind,
  initial,
  transactionReference,
  fixedCustomer,
  picker,
  onCreated,
  onQueued,
  onCancel,
}: CreateOrderFormProps) {
  const online = useOnline()
  const queues = onQueued !== undefined && !transactionReference
  const create = useCreateOrder()
  const [queueing, setQueueing] = useState(false)
  const [draft, setDraft] = useState<OrderDraft>(() => initial ?? emptyOrderDraft(kind.kind))
  const [attempts, setAttempts] = useState(0)
  const [refused, setRefused] = useState<DraftErrors | null>(null)
  const [outcome, setOutcome] = useState<string | null>(null)
  const pending = useRef<Attempt | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const errors = { ...(attempts > 0 ? draftErrors(draft) : null), ...refused }
  const set = (patch: Partial<OrderDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    // An edit answers the server's refusal: its message goes until the next submit.
    setRefused(null)
  }

  // Scans arrive between renders: added to the draft as it is then, not as this render saw it.
  const addScanned = (variant: ProductVariant) => {
    setDraft((d) => ({ ...d, lines: addVariant(d.lines, variant) }))
    setRefused(null)
  }

  // After a refused submit, the first field in error takes focus (and scrolls into view), so a phone user sees why.
  useEffect(() => {
    if (attempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus()
  }, [attempts, refused])

  function submit(event: FormEvent) {
    event.preventDefault()
    setAttempts((n) => n + 1)
    if (draftErrors(draft) || create.isPending || queueing || (!online && !queues)) return
    setOutcome(null)
    const body = orderBody(draft, transactionReference)
    const shareable = !transactionReference && draft.shareable
    const attempt = attemptFor(pending.current, JSON.stringify({ shareable, body }))
    pending.current = attempt
    const input = shareable
      ? { shareable: true as const, body, idempotencyKey: attempt.key }
      : { shareable: false as const, body, idempotencyKey: attempt.key }
    if (!online && onQueued) {
      // The attempt's key goes with it: an earlier try of this same order whose answer was lost is not made twice.
      setQueueing(true)
      void queueOrder(input, draft.customer.picked?.name ?? (draft.customer.name.trim() || undefined))
        .then(() => {
          pending.current = null
          notify.success(`${kind.title} saved on this device. It will be sent when you reconnect.`)
          onQueued()
        })
        .catch(() => setOutcome(`The ${kind.noun} could not be saved on this device. Connect to the internet to create it.`))
        .finally(() => setQueueing(false))
      return
    }
    create.mutate(input, {
      onSuccess: ({ data }) => {
        pending.current = null
        onCreated(data)
      },
      onError: (failure) => {
        pending.current = afterFailure(attempt, failure)
        if (outcomeUnknown(failure)) return setOutcome(online ? UNKNOWN_ORDER_OUTCOME : errorMessage(failure))
        const byField = serverErrors(failure)
        if (byField) setRefused(byField)
        else if (shouldToast(failure)) notify.error(errorMessage(failure))
      },
    })
  }

  const noun = kind.noun
  return (
    <form ref={formRef} className={form} noValidate onSubmit={submit}>
      <Card title="Customer">
        {fixedCustomer ?? (
          <OrderCustomerFields
            value={draft.customer}
            onChange={(customer) => set({ customer })}
            errors={{ name: errors.customerName, email: errors.customerEmail }}
            picker={picker}
          />
        )}
      </Card>
      <Card title="Items">
        <div className={stack({ gap: '4' })}>
          <OrderLocationField value={draft.outletId} onChange={(outletId) => set({ outletId })} />
          <VariantSearch onAdd={(variant) => set({ lines: addVariant(draft.lines, variant) })} />
          <CodeEntry onAdd={addScanned} />
          <OrderLinesEditor lines={draft.lines} onChange={(lines) => set({ lines })} />
          {errors.items ? (
            <p className={error} role="alert">
              <Icon name="alert-circle" size={16} />
              {errors.items}
            </p>
          ) : null}
        </div>
      </Card>
      <Card title="Pricing">
        <OrderPricingFields draft={draft} onChange={set} couponError={errors.couponCode} />
      </Card>
      <Card title="Total">
        <OrderTotalsPreview draft={draft} />
        {kind.kind === 'order' && !transactionReference ? (
          <div className={css({ mt: '3' })}>
            <Switch
              label="Shareable"
              description="The customer gets a link to a page that shows the order and how to pay for it by bank transfer."
              checked={draft.shareable}
              onChange={(shareable) => set({ shareable })}
            />
          </div>
        ) : null}
        {kind.kind === 'invoice' ? (
          <div className={css({ mt: '3' })}>
            <Field label="Due date (optional)" helper="The invoice shows as overdue after this day." error={errors.dueDate}>
              <DateInput min={lagosDay()} value={draft.dueDate} onChange={(dueDate) => set({ dueDate })} />
            </Field>
          </div>
        ) : null}
      </Card>
      {online ? null : queues ? (
        <Notice icon="wifi-off">You are offline. The {noun} is kept on this device and sent when you reconnect.</Notice>
      ) : (
        <Notice icon="wifi-off">You are offline. Connect to the internet to create the {noun}.</Notice>
      )}
      {outcome ? (
        <Notice icon="alert-circle" role="alert">
          {outcome}
        </Notice>
      ) : null}
      <div className={actions}>
        <Button variant="outline" size="lg" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={!online && !queues} loading={create.isPending || queueing}>
          {pending.current ? 'Try again' : `Create ${noun}`}
        </Button>
      </div>
    </form>
  )
}
