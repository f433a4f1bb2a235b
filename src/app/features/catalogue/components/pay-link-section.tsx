import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'

import { shareOrCopy } from '#app/lib/share'
import { optionsLabel } from '#app/lib/variant-options'
import { Button } from '#app/ui/button'
import { CopyButton } from '#app/ui/copy-button'
import { ConfirmDialog } from '#app/ui/dialog'
import { Field, Select } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import type { ProductVariant } from '#contract/catalogue'

import { useGeneratePayLink } from '../queries'

export const COPIED_PAY_LINK = 'Copied payment link to clipboard'

const section = stack({ gap: '3', mt: '5' })
const heading = css({ textStyle: 'caption', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' })
const linkRow = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  p: '2',
  pl: '3',
  borderRadius: 'control',
  bg: 'bg.subtle',
})
const linkText = css({ fontFamily: 'mono', fontSize: 'sm', wordBreak: 'break-all', color: 'accent.fg' })
const qr = css({
  alignSelf: 'center',
  w: '52',
  h: '52',
  p: '2',
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  imageRendering: 'pixelated',
})
const row = css({ display: 'flex', gap: '2', '& > *': { flex: '1' } })
const note = css({ textStyle: 'body.sm', color: 'fg.muted' })
const downloadLink = cx(button({ variant: 'outline', size: 'md' }), css({ textDecoration: 'none' }))

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'product'

const MAIN = 'main'
const keyOf = (outletId: string | null) => outletId ?? MAIN

/**
 * Where a new link sells from (decision 174): the main store or an active outlet the caller sees (an inactive one
 * sells nothing, decision 193). Offered only when there are several; with one, the server knows it. The default is
 * the current link's location, else the first (the main store, or a member of outlets' first outlet), as the
 * server's own default.
 */
function useSellsFrom(variant: ProductVariant) {
  const places = variant.locations.filter((l) => l.isActive)
  const keys = places.map((l) => keyOf(l.outletId))
  const current = variant.paylink ? keyOf(variant.paylinkOutletId) : undefined
  const [picked, setPicked] = useState<string>()
  const chosen = [picked, current].find((key) => key !== undefined && keys.includes(key)) ?? keys[0]
  const several = places.length > 1
  const field = several ? (
    <Field label="Sells from" helper="Orders made through the link take units from here.">
      <Select value={chosen} onChange={(event) => setPicked(event.target.value)}>
        {places.map((place) => (
          <option key={keyOf(place.outletId)} value={keyOf(place.outletId)}>
            {place.name}
          </option>
        ))}
      </Select>
    </Field>
  ) : null
  const body = several && chosen ? { id: variant.id, outletId: chosen === MAIN ? null : chosen } : { id: variant.id }
  return { field, body }
}

/**
 * The variant's pay link: copy, QR code (downloadable as PNG), Share (the system share sheet, else a copy),
 * and Generate or Regenerate. Regenerating kills the old link and QR code, so it asks first.
 */
export function PayLinkSection({ variant }: { variant: ProductVariant }) {
  const generate = useGeneratePayLink()
  const [confirming, setConfirming] = useState(false)
  const sellsFrom = useSellsFrom(variant)
  const label = `${variant.productName} (${optionsLabel(variant.options)})`

  // The share sheet where there is one (WhatsApp is where customers are), else the link is copied (lib/share).
  const share = (url: string) => shareOrCopy({ title: variant.productName, text: `Pay for ${label}`, url }, COPIED_PAY_LINK)

  if (!variant.paylink) {
    return (
      <section className={section} aria-label="Payment link">
        <h3 className={heading}>Payment link</h3>
        <p className={note}>No payment link yet. Generate one to share this variant: customers open it and pay by bank transfer.</p>
        {sellsFrom.field}
        <Button loading={generate.isPending} onClick={() => generate.mutate(sellsFrom.body)}>
          Generate Payment Link
        </Button>
      </section>
    )
  }

  const paylink = variant.paylink
  // Said once there are outlets in view: with the main store alone there is nowhere else it could sell from.
  const soldFrom = variant.locations.some((l) => l.outletId !== null)
    ? variant.locations.find((l) => l.outletId === variant.paylinkOutletId)
    : undefined
  return (
    <section className={section} aria-label="Payment link">
      <h3 className={heading}>Payment link</h3>
      {soldFrom ? <p className={note}>Sells {soldFrom.name}&rsquo;s stock: its orders take units from there.</p> : null}
      <div className={linkRow}>
        <a href={paylink} target="_blank" rel="noreferrer" className={linkText}>
          {paylink}
        </a>
        <CopyButton value={paylink} label="Copy payment link" toastMessage={COPIED_PAY_LINK} />
      </div>
      {variant.qrCodeURL ? (
        <img src={variant.qrCodeURL} alt={`QR code for the payment link of ${label}`} className={qr} width={208} height={208} />
      ) : null}
      <div className={row}>
        {variant.qrCodeURL ? (
          <a href={variant.qrCodeURL} download={`${slug(label)}-qr.png`} className={downloadLink}>
            <Icon name="download" size={18} />
            Download QR
          </a>
        ) : null}
        <Button variant="outline" onClick={() => void share(paylink)}>
          <Icon name="share" size={18} />
          Share
        </Button>
      </div>
      {sellsFrom.field}
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        <Icon name="refresh" size={18} />
        Regenerate Payment Link
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate the payment link?"
        description="The current link and QR code stop working at once. Anyone who has them will need the new ones."
        loading={generate.isPending}
        onProceed={() => generate.mutate(sellsFrom.body, { onSettled: () => setConfirming(false) })}
      />
    </section>
  )
}
