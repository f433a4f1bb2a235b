import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { optionsText } from '#app/lib/variant-options'
import { Button, IconButton } from '#app/ui/button'
import { AmountInput, Field, Input } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { QuantityStepper } from '#app/ui/quantity-stepper'
import { rowName } from '#app/ui/row-text'
import { parseNairaToKobo } from '#contract/money'
import { formatKobo } from '#contract/naira'
import { MAX_CUSTOM_LINE_NAME, MAX_ITEM_QUANTITY } from '#contract/orders'
import { MAX_PRICE_KOBO } from '#contract/pricing'

import { type LineDraft, newLineKey } from '../order-draft'

const line = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '2',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})
const meta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', overflowWrap: 'anywhere' })
const custom = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr) auto' },
  gap: '3',
  alignItems: 'end',
})

/** A custom line, for what is not in the catalogue (a service, packaging): a name and a unit amount. */
function CustomLineForm({ onAdd }: { onAdd: (line: LineDraft) => void }) {
  const [text, setText] = useState({ name: '', amount: '' })
  const [tried, setTried] = useState(false)
  const kobo = parseNairaToKobo(text.amount)
  const nameError = tried && !text.name.trim() ? 'Enter a name.' : undefined
  const amountError =
    tried && (kobo === null || kobo <= 0)
      ? 'Enter an amount greater than zero.'
      : tried && kobo !== null && kobo > MAX_PRICE_KOBO
        ? 'Enter at most ₦1,000,000,000.'
        : undefined
  function add() {
    setTried(true)
    if (!text.name.trim() || kobo === null || kobo <= 0 || kobo > MAX_PRICE_KOBO) return
    onAdd({ key: newLineKey(), name: text.name.trim(), options: {}, unitPrice: kobo, quantity: 1 })
    setText({ name: '', amount: '' })
    setTried(false)
  }
  return (
    <div className={custom}>
      <Field label="Custom item" error={nameError}>
        <Input
          value={text.name}
          maxLength={MAX_CUSTOM_LINE_NAME}
          autoComplete="off"
          placeholder="e.g. Small chops tray"
          onChange={(event) => setText((t) => ({ ...t, name: event.target.value }))}
        />
      </Field>
      <Field label="Unit amount" error={amountError}>
        <AmountInput value={text.amount} onChange={(amount) => setText((t) => ({ ...t, amount }))} />
      </Field>
      <Button variant="outline" onClick={add}>
        <Icon name="plus" size={18} />
        Add item
      </Button>
    </div>
  )
}

export interface OrderLinesEditorProps {
  lines: LineDraft[]
  onChange: (lines: LineDraft[]) => void
}

/** The order's lines with a quantity stepper each, and a form for a custom line. */
export function OrderLinesEditor({ lines, onChange }: OrderLinesEditorProps) {
  const update = (key: string, patch: Partial<LineDraft>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)))
  return (
    <div className={stack({ gap: '4' })}>
      {lines.length ? (
        <ul aria-label="Order items">
          {lines.map((l) => {
            const options = optionsText(l.options)
            const label = options ? `${l.name}, ${options}` : l.name
            return (
              <li key={l.key} className={line}>
                <span className={css({ minW: '0' })}>
                  <span className={rowName}>{l.name}</span>
                  <span className={meta}>
                    {[options, l.variantId ? null : 'Custom item', `${formatKobo(l.unitPrice)} each`].filter(Boolean).join(' · ')}
                  </span>
                  <QuantityStepper
                    className={css({ mt: '2' })}
                    label={label}
                    value={l.quantity}
                    max={MAX_ITEM_QUANTITY}
                    onChange={(quantity) => update(l.key, { quantity })}
                  />
                </span>
                <span className={stack({ alignItems: 'flex-end', gap: '1' })}>
                  <span className={css({ textStyle: 'amount' })}>{formatKobo(l.unitPrice * l.quantity)}</span>
                  <IconButton icon="trash" label={`Remove ${label}`} onClick={() => onChange(lines.filter((x) => x.key !== l.key))} />
                </span>
              </li>
            )
          })}
        </ul>
      ) : null}
      <CustomLineForm onAdd={(added) => onChange([...lines, added])} />
    </div>
  )
}
