import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { visibleOptions } from '#app/lib/variant-options'
import { Badge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { PayByTransfer, PublicPage, VendorLine } from '#app/ui/public-page'
import { Skeleton } from '#app/ui/skeleton'
import type { PayLinkView } from '#contract/catalogue'

import { payLinkQuery } from '../queries'
import { discountText } from '../variants'
import { VariantPrice } from './variant-price'

export const INVALID_LINK = 'This payment link is no longer valid'

const gallery = css({
  display: 'flex',
  gap: '2',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  borderRadius: 'card',
  scrollbarWidth: 'none',
})
const slide = css({
  flex: '0 0 100%',
  aspectRatio: '1',
  scrollSnapAlign: 'center',
  bg: 'bg.muted',
  borderRadius: 'card',
  overflow: 'hidden',
  '& img': { w: 'full', h: 'full', objectFit: 'cover' },
})
const name = css({ textStyle: 'title.lg' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted', whiteSpace: 'pre-line' })

function Gallery({ view }: { view: PayLinkView }) {
  if (view.images.length === 0) return null
  return (
    <ul className={gallery} aria-label="Product images">
      {view.images.map((image, i) => (
        <li key={image.id} className={slide}>
          <img
            src={image.url}
            alt={`${view.productName}, image ${i + 1} of ${view.images.length}`}
            decoding="async"
            loading={i === 0 ? 'eager' : 'lazy'}
          />
        </li>
      ))}
    </ul>
  )
}

function HowToPay({ view }: { view: PayLinkView }) {
  if (!view.inStock) {
    return (
      <Card title="Out of stock">
        <p className={muted}>This item is sold out for now. Check back later or contact {view.vendorName}.</p>
      </Card>
    )
  }
  return (
    <PayByTransfer
      vendorName={view.vendorName}
      payTo={view.payTo}
      amountLabel="Amount"
      amount={view.discountedPrice}
      currency={view.currency}
      intro={`Transfer exactly this amount from your bank app to the account below. Your payment goes to ${view.vendorName}.`}
    />
  )
}

function View({ view }: { view: PayLinkView }) {
  const options = visibleOptions(view.options)
  const discount = discountText(view)
  return (
    <>
      <VendorLine name={view.vendorName} />
      <Gallery view={view} />
      <div className={stack({ gap: '2' })}>
        <h1 className={name}>{view.productName}</h1>
        {options.length ? <p className={muted}>{options.map(([option, value]) => `${option}: ${value}`).join(' · ')}</p> : null}
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
          <VariantPrice price={view.price} discountedPrice={view.discountedPrice} currency={view.currency} size="lg" />
          {discount ? <Badge tone="success">{discount}</Badge> : null}
          {view.inStock ? null : <Badge tone="danger">Out of stock</Badge>}
        </div>
        {view.productDescription ? <p className={muted}>{view.productDescription}</p> : null}
      </div>
      <HowToPay view={view} />
    </>
  )
}

/** The public pay link (/pay/$code): what the customer buys, for how much, and how to pay for it. */
export function PayLinkPage({ code }: { code: string }) {
  const query = useQuery(payLinkQuery(code))
  return (
    <PublicPage
      query={query}
      invalid={{ title: INVALID_LINK, text: 'The seller may have replaced it or removed the product. Ask them for a new link.' }}
      failedTitle="Could not load this payment link"
      loading={
        <>
          <Skeleton height={360} radius="1rem" />
          <Skeleton count={3} height={24} />
        </>
      }
    >
      {(view) => <View view={view} />}
    </PublicPage>
  )
}
