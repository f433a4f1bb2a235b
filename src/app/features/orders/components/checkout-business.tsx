import { useState } from 'react'
import { css, cx } from 'styled-system/css'

import type { BusinessDetails } from '#contract/business'

const block = css({ display: 'flex', alignItems: 'flex-start', gap: '3', minW: '0' })
// A fixed box, logo or not, so nothing below moves when the image arrives (or never does, offline).
const mark = css({
  flexShrink: 0,
  w: '12',
  h: '12',
  borderRadius: 'control',
  objectFit: 'contain',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
})
const initial = css({ display: 'grid', placeItems: 'center', textStyle: 'title.md', color: 'fg.muted' })
const lines = css({
  minW: '0',
  fontStyle: 'normal',
  textStyle: 'body.sm',
  color: 'fg.muted',
  overflowWrap: 'anywhere',
  '& > span': { display: 'block' },
  '& a': { color: 'accent.fg' },
})
const name = css({ textStyle: 'label', color: 'fg.default', fontWeight: 'semibold' })

/**
 * Who is selling, as the invoice prints it (decision 195): the logo, the name, the address, phone and e-mail (a tap
 * calls or writes) and the TIN. A logo that cannot load (offline, not yet in the file cache) leaves the initial.
 */
export function CheckoutBusiness({ business }: { business: BusinessDetails }) {
  const [logoFailed, setLogoFailed] = useState(false)
  const address = business.address ? business.address.split(/\r?\n/) : []
  return (
    <section aria-label="Seller" className={block}>
      {business.logoUrl && !logoFailed ? (
        <img
          className={mark}
          src={business.logoUrl}
          alt={`${business.name} logo`}
          width={48}
          height={48}
          onError={() => setLogoFailed(true)}
        />
      ) : (
        <span className={cx(mark, initial)} aria-hidden="true">
          {business.name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <address className={lines}>
        <span className={name}>{business.name}</span>
        {address.map((line, i) => (
          <span key={i}>{line}</span>
        ))}
        <span>
          {business.phone ? (
            <>
              <a href={`tel:${business.phone}`}>{business.phone}</a> ·{' '}
            </>
          ) : null}
          <a href={`mailto:${business.email}`}>{business.email}</a>
        </span>
        {business.tin ? <span>TIN: {business.tin}</span> : null}
      </address>
    </section>
  )
}
