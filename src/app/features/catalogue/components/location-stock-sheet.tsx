import { type FormEvent, useId, useState } from 'react'
import { stack } from 'styled-system/patterns'

import { OFFLINE_WRITE_MESSAGE, useOnline } from '#app/lib/online'
import { optionsLabel } from '#app/lib/variant-options'
import { Button } from '#app/ui/button'
import { DigitsInput, Field } from '#app/ui/field'
import { Notice } from '#app/ui/notice'
import { Sheet } from '#app/ui/sheet'
import { Skeleton } from '#app/ui/skeleton'
import { MAX_UNITS } from '#contract/catalogue'

import { useSetLocationStock } from '../stock-queries'
import { useVariant } from './variant-details-sheet'

const unitsError = (text: string, required: boolean) =>
  !text
    ? required
      ? 'Enter the number of units.'
      : undefined
    : Number(text) > MAX_UNITS
      ? `Use at most ${MAX_UNITS.toLocaleString('en-NG')}.`
      : undefined

/**
 * One location's count and alert level (decision 174), for /products/$productId/variants/$variantId/stock/$location
 * ('main' or an outlet id). The count is sent with the one it replaced (unitsWere), so a sale made meanwhile is
 * never silently overwritten: the server refuses and says the count now.
 */
export function LocationStockSheet(props: { productId: string; variantId: string; location: string; onClose: () => void }) {
  const { variant } = useVariant(props.productId, props.variantId)
  const outletId = props.location === 'main' ? null : props.location
  const here = variant?.locations.find((l) => l.outletId === outletId)
  const save = useSetLocationStock()
  const online = useOnline()
  const formId = useId()
  const [units, setUnits] = useState<string | null>(null)
  const [threshold, setThreshold] = useState<string | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const unitsText = units ?? (here ? String(here.units) : '')
  const thresholdText = threshold ?? (here?.threshold != null ? String(here.threshold) : '')
  const errors = { units: unitsError(unitsText, true), threshold: unitsError(thresholdText, false) }

  function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    if (!variant || !here || errors.units || errors.threshold) return
    save.mutate(
      {
        variantId: variant.id,
        outletId,
        units: Number(unitsText),
        unitsWere: here.units,
        threshold: thresholdText ? Number(thresholdText) : null,
      },
      { onSuccess: props.onClose },
    )
  }

  return (
    <Sheet
      onClose={props.onClose}
      title={here ? `Stock at ${here.name}` : 'Stock'}
      description={variant ? `${variant.productName} · ${optionsLabel(variant.options)}` : undefined}
      footer={
        <Button type="submit" form={formId} size="lg" disabled={!here || !online} loading={save.isPending}>
          Save stock
        </Button>
      }
    >
      {!online ? <Notice icon="wifi-off">{OFFLINE_WRITE_MESSAGE}</Notice> : null}
      {!variant ? (
        <Skeleton count={2} height={48} />
      ) : !here ? (
        <Notice icon="lock">You do not see this location&rsquo;s stock.</Notice>
      ) : (
        <form id={formId} noValidate onSubmit={submit} className={stack({ gap: '4' })}>
          <Field
            label="Units here"
            error={submitted ? errors.units : undefined}
            // The total is shown to those who see the main store, as on the product page.
            helper={
              variant.locations.some((l) => l.outletId === null)
                ? `${variant.availableUnits.toLocaleString('en-NG')} in all locations.`
                : undefined
            }
          >
            <DigitsInput value={unitsText} onChange={setUnits} />
          </Field>
          <Field
            label="Alert me at (units, optional)"
            error={submitted ? errors.threshold : undefined}
            helper="We notify you once when the units here fall to this number or below. Leave it empty for no alert."
          >
            <DigitsInput value={thresholdText} onChange={setThreshold} />
          </Field>
        </form>
      )}
    </Sheet>
  )
}
