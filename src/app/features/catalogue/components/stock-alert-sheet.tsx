import { type FormEvent, useId, useState } from 'react'
import { stack } from 'styled-system/patterns'

import { optionsLabel } from '#app/lib/variant-options'
import { Button } from '#app/ui/button'
import { DigitsInput, Field } from '#app/ui/field'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import { MAX_UNITS } from '#contract/catalogue'

import { useSetStockAlert } from '../queries'
import { useVariant } from './variant-details-sheet'

export function thresholdError(text: string): string | undefined {
  if (!text) return 'Enter the number of units.'
  if (Number(text) > MAX_UNITS) return `Use at most ${MAX_UNITS.toLocaleString('en-NG')}.`
  return undefined
}

/** 'Update Stock Level Alert' (SPEC §2, §5: digits only) for /products/$productId/variants/$variantId/stock-alert. */
export function StockAlertSheet({ productId, variantId, onClose }: { productId: string; variantId: string; onClose: () => void }) {
  const { variant } = useVariant(productId, variantId)
  const save = useSetStockAlert()
  const formId = useId()
  const [threshold, setThreshold] = useState<string | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const text = threshold ?? (variant?.threshold != null ? String(variant.threshold) : '')
  const error = submitted ? thresholdError(text) : undefined

  function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    if (!variant || thresholdError(text)) return
    save.mutate({ productId, productVariantId: variant.id, threshold: Number(text) }, { onSuccess: onClose })
  }

  return (
    <Sheet
      onClose={onClose}
      title="Update Stock Level Alert"
      description={variant ? `${variant.productName} · ${optionsLabel(variant.options)}` : undefined}
      footer={
        <Button type="submit" form={formId} size="lg" disabled={!variant} loading={save.isPending}>
          Save alert
        </Button>
      }
    >
      {variant ? (
        <form id={formId} noValidate onSubmit={submit} className={stack({ gap: '4' })}>
          <Field
            label="Alert me at (units)"
            error={error}
            helper={`We notify you once when available units fall to this number or below. ${variant.availableUnits.toLocaleString('en-NG')} available now.`}
          >
            <DigitsInput value={text} onChange={setThreshold} />
          </Field>
        </form>
      ) : (
        <Skeleton count={2} height={48} />
      )}
    </Sheet>
  )
}
