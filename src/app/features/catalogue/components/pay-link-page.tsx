import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { visibleOptions } from '#app/lib/variant-options'
import { Badge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { PublicPage, VendorLine } from '#app/ui/public-page'
import { Skeleton } from '#app/ui/skeleton'
import type { PayLinkView } from '#contract/catalogue'

import { payLinkQuery } from '../queries'
import { discountText } from '../variants'
import { PayLinkAddToCart } from './pay-link-add-to-cart'
import { PayLinkCheckoutForm } from './pay-link-checkout'
import { PayLinkGallery } from './pay-link-gallery'
import { VariantPrice } from './variant-price'

export const INVALID_LINK = 'This payment link is no longer valid'

const name = css({ textStyle: 'title.lg' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted', whiteSpace: 'pre-line' })

function HowToPay({ view }: { view: PayLinkView }) {
  if (!view.inStock) {
    return (
      <Card title="Out of stock">
        <p className={muted}>This item is sold out for now. Check back later or contact {view.vendorName}.</p>
      </Card>
    )
  }
  if (!view.payTo) {
    return (
      <Card title="Pay by bank transfer">
        <p className={muted}>{view.vendorName} has not set up bank transfer payments yet. Contact them to pay.</p>
      </Card>
    )
  }
  return (
    <>
      <PayLinkCheckoutForm view={view} />
      {view.shopUrl ? <PayLinkAddToCart view={view} shopUrl={view.shopUrl} /> : null}
    </>
  )
}

function View({ view }: { view: PayLinkView }) {
  const options = visibleOptions(view.options)
  const discount = discountText(view)
  return (
    <>
      <VendorLine name={view.vendorName} />
      <PayLinkGallery images={view.images} productName={view.productName} />
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

/**
 * The public pay link (/pay/$code): what the customer buys, for how much, and the checkout that answers the
 * amount and the reference to quote (decision 111).
 */
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
