import { css, cx } from 'styled-system/css'

import { keepDigits } from '../lib/forms'
import { Button } from './button'
import { Input } from './field'
import { Icon } from './icon'

const stepper = css({ display: 'flex', alignItems: 'center', gap: '1', '& input': { w: '16', textAlign: 'center', px: '1' } })
const step = css({ fontSize: 'lg', fontWeight: 'bold' })

export interface QuantityStepperProps {
  /** What is counted, for the buttons' names: "Fewer Zobo", "Quantity of Zobo". */
  label: string
  value: number
  onChange: (quantity: number) => void
  /** The most allowed (units left, or an order line's cap); the least is always 1. */
  max: number
  className?: string
}

/** − [n] +: a whole number from 1 to max, typed or stepped; anything typed outside is brought back in range. */
export function QuantityStepper({ label, value, onChange, max, className }: QuantityStepperProps) {
  const clamp = (n: number) => Math.max(1, Math.min(max, Math.floor(n) || 1))
  return (
    <div className={cx(stepper, className)} role="group" aria-label={`Quantity of ${label}`}>
      <Button variant="outline" size="sm" aria-label={`Fewer ${label}`} disabled={value <= 1} onClick={() => onChange(clamp(value - 1))}>
        <span className={step} aria-hidden="true">
          −
        </span>
      </Button>
      <Input
        type="text"
        inputMode="numeric"
        aria-label={`Quantity of ${label}`}
        value={String(value)}
        onChange={(event) => onChange(clamp(Number(keepDigits(event.target.value, 5))))}
      />
      <Button variant="outline" size="sm" aria-label={`More ${label}`} disabled={value >= max} onClick={() => onChange(clamp(value + 1))}>
        <Icon name="plus" size={16} />
      </Button>
    </div>
  )
}
