import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { stack } from 'styled-system/patterns'

import { formatCount } from '#app/lib/format'
import { afterFailure, type Attempt, attemptFor } from '#app/lib/idempotency'
import { OFFLINE_WRITE_MESSAGE, useOnline } from '#app/lib/online'
import { optionsLabel } from '#app/lib/variant-options'
import { Button } from '#app/ui/button'
import { DigitsInput, Field, Input, Select } from '#app/ui/field'
import { Notice } from '#app/ui/notice'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import type { ProductVariant } from '#contract/catalogue'
import { MAX_STOCK_NOTE } from '#contract/stock'
import type { StockLocation } from '#contract/stock-locations'

import { productDetailQuery } from '../queries'
import { useTransferStock } from '../stock-queries'

/** A location in a select: the main store has no outlet id. */
const key = (location: Pick<StockLocation, 'outletId'>) => location.outletId ?? 'main'
const idOf = (value: string) => (value === 'main' ? null : value)

interface Draft {
  variantId: string
  from: string
  to: string
  quantity: string
  note: string
}

/** What is wrong with the draft, by field; shown once a submit was tried. */
export function moveStockErrors(draft: Draft, variant: ProductVariant | undefined) {
  const from = variant?.locations.find((l) => key(l) === draft.from)
  const quantity = Number(draft.quantity)
  return {
    to: draft.to === draft.from ? 'Choose another location than the one units leave.' : undefined,
    quantity: !draft.quantity
      ? 'Enter the number of units.'
      : quantity < 1
        ? 'Move at least 1 unit.'
        : from && quantity > from.units
          ? `${from.name} has ${formatCount(from.units, 'unit')}.`
          : undefined,
  }
}

/**
 * Move stock (decision 174) for /products/$productId/move-stock: a variant's units from one location the caller sees
 * to another, recorded with who and when. One Idempotency-Key per attempt, kept only to retry one whose outcome is
 * unknown, so a retry never moves units twice.
 */
export function MoveStockSheet({ productId, onClose }: { productId: string; onClose: () => void }) {
  const product = useQuery(productDetailQuery(productId)).data
  const online = useOnline()
  const transfer = useTransferStock()
  const formId = useId()
  const pending = useRef<Attempt | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const movable = product?.variants.filter((v) => v.locations.length > 1) ?? []
  const first = movable[0]
  const [edits, setEdits] = useState<Partial<Draft>>({})
  const variantId = edits.variantId ?? first?.id ?? ''
  const variant = movable.find((v) => v.id === variantId)
  const locations = variant?.locations ?? []
  // From: the location holding the most, so the first choice can always give; to: the next one.
  const fullest = [...locations].sort((a, b) => b.units - a.units)[0]
  const from = edits.from ?? (fullest ? key(fullest) : '')
  const to = edits.to ?? key(locations.find((l) => key(l) !== from) ?? { outletId: null })
  const draft: Draft = { variantId, from, to, quantity: edits.quantity ?? '', note: edits.note ?? '' }
  const errors = moveStockErrors(draft, variant)
  const shown = submitted ? errors : { to: undefined, quantity: undefined }
  const source = locations.find((l) => key(l) === from)
  const set = (change: Partial<Draft>) => setEdits((current) => ({ ...current, ...change }))

  function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    if (!variant || errors.to || errors.quantity || transfer.isPending) return
    const body = {
      variantId: variant.id,
      fromOutletId: idOf(from),
      toOutletId: idOf(to),
      quantity: Number(draft.quantity),
      note: draft.note.trim() || null,
    }
    const attempt = attemptFor(pending.current, JSON.stringify(body))
    pending.current = attempt
    transfer.mutate(
      { body, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          pending.current = null
          onClose()
        },
        onError: (error) => {
          pending.current = afterFailure(attempt, error)
        },
      },
    )
  }

  return (
    <Sheet
      onClose={onClose}
      title="Move stock"
      description={product?.name}
      footer={
        <Button type="submit" form={formId} size="lg" disabled={!variant || !online} loading={transfer.isPending}>
          Move stock
        </Button>
      }
    >
      {!online ? <Notice icon="wifi-off">{OFFLINE_WRITE_MESSAGE}</Notice> : null}
      {!product ? (
        <Skeleton count={4} height={48} />
      ) : !variant ? (
        <Notice icon="info">You see one location of this product, so there is nowhere to move its stock.</Notice>
      ) : (
        <form id={formId} noValidate onSubmit={submit} className={stack({ gap: '4' })}>
          {movable.length > 1 ? (
            <Field label="Variant">
              <Select
                value={variantId}
                onChange={(event) => setEdits({ variantId: event.target.value, quantity: draft.quantity, note: draft.note })}
              >
                {movable.map((v) => (
                  <option key={v.id} value={v.id}>
                    {optionsLabel(v.options)}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          <Field label="From" helper={source ? `${source.name} has ${formatCount(source.units, 'unit')}.` : undefined}>
            <Select value={from} onChange={(event) => set({ from: event.target.value })}>
              {locations.map((l) => (
                <option key={key(l)} value={key(l)}>
                  {l.name} ({l.units.toLocaleString('en-NG')})
                </option>
              ))}
            </Select>
          </Field>
          <Field label="To" error={shown.to}>
            <Select value={to} onChange={(event) => set({ to: event.target.value })}>
              {locations.map((l) => (
                <option key={key(l)} value={key(l)}>
                  {l.name} ({l.units.toLocaleString('en-NG')})
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Units to move" error={shown.quantity}>
            <DigitsInput value={draft.quantity} onChange={(quantity) => set({ quantity })} />
          </Field>
          <Field label="Note (optional)">
            <Input
              maxLength={MAX_STOCK_NOTE}
              autoComplete="off"
              value={draft.note}
              onChange={(event) => set({ note: event.target.value })}
            />
          </Field>
        </form>
      )}
    </Sheet>
  )
}
