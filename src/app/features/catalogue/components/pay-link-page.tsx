import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import type { PayLinkView } from '../../../../contract/catalogue'
import { errorMessage, errorStatus } from '../../../lib/api'
import { koboToNairaInput } from '../../../lib/money'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { CopyButton } from '../../../ui/copy-button'
import { DetailList, DetailRow } from '../../../ui/detail-list'
import { Icon } from '../../../ui/icon'
import { Money } from '../../../ui/money'
import { Skeleton } from '../../../ui/skeleton'
import { payLinkQuery } from '../queries'
import { discountText, visibleOptions } from '../variants'
import { VariantPrice } from './variant-price'

export const INVALID_LINK = 'This payment link is no longer valid'

const page = css({ minH: '100dvh', bg: 'bg.canvas', px: '4', py: '6' })
const column = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '28rem', mx: 'auto' })
const vendor = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'label', color: 'fg.muted' })
const gallery = css({ display: 'flex', gap: '2', overflowX: 'auto', scrollSnapType: 'x mandatory', borderRadius: 'card', scrollbarWidth: 'none' })
const slide = css({ flex: '0 0 100%', aspectRatio: '1', scrollSnapAlign: 'center', bg: 'bg.muted', borderRadius: 'card', overflow: 'hidden', '& img': { w: 'full', h: 'full', objectFit: 'cover' } })
const name = css({ textStyle: 'title.lg' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted', whiteSpace: 'pre-line' })
const centre = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', textAlign: 'center', py: '16' })
const icon = css({ display: 'grid', placeItems: 'center', w: '14', h: '14', borderRadius: 'full', bg: 'bg.muted', color: 'fg.muted' })
const copyValue = css({ display: 'inline-flex', alignItems: 'center', gap: '1' })

function Gallery({ view }: { view: PayLinkView }) {
  if (view.images.length === 0) return null
  return (
    <ul className={gallery} aria-label="Product images">
      {view.images.map((image, i) => (
        <li key={image.id} className={slide}>
          <img src={image.url} alt={`${view.productName}, image ${i + 1} of ${view.images.length}`} decoding="async" loading={i === 0 ? 'eager' : 'lazy'} />
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
  if (!view.payTo) {
    return (
      <Card title="Pay by bank transfer">
        <p className={muted}>{view.vendorName} has not set up bank transfer payments yet. Contact them to pay.</p>
      </Card>
    )
  }
  const { payTo } = view
  return (
    <Card title="Pay by bank transfer">
      <p className={muted}>Transfer exactly this amount from your bank app to the account below. Your payment goes to {view.vendorName}.</p>
      <DetailList>
        <DetailRow label="Amount">
          <span className={copyValue}>
            <Money kobo={view.discountedPrice} currency={view.currency} />
            <CopyButton value={koboToNairaInput(view.discountedPrice)} label="Copy amount" toastMessage="Amount copied" />
          </span>
        </DetailRow>
        <DetailRow label="Bank">{payTo.bankName}</DetailRow>
        <DetailRow label="Account number">
          <span className={copyValue}>
            {payTo.accountNumber}
            <CopyButton value={payTo.accountNumber} label="Copy account number" toastMessage="Account number copied" />
          </span>
        </DetailRow>
        <DetailRow label="Account name">{payTo.accountName}</DetailRow>
      </DetailList>
    </Card>
  )
}

function View({ view }: { view: PayLinkView }) {
  const options = visibleOptions(view.options)
  const discount = discountText(view)
  return (
    <>
      <p className={vendor}>
        <Icon name="store" size={18} />
        {view.vendorName}
      </p>
      <Gallery view={view} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
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
  let body
  if (query.data) body = <View view={query.data} />
  else if (query.isError && errorStatus(query.error) === 404) {
    body = (
      <div className={centre} role="alert">
        <span className={icon}>
          <Icon name="alert-circle" size={28} />
        </span>
        <h1 className={css({ textStyle: 'title.md' })}>{INVALID_LINK}</h1>
        <p className={muted}>The seller may have replaced it or removed the product. Ask them for a new link.</p>
      </div>
    )
  } else if (query.isError) {
    body = (
      <div className={centre} role="alert">
        <h1 className={css({ textStyle: 'title.md' })}>Could not load this payment link</h1>
        <p className={muted}>{errorMessage(query.error)}</p>
        <Button variant="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
          <Icon name="refresh" size={16} />
          Try again
        </Button>
      </div>
    )
  } else {
    body = (
      <div aria-busy="true" className={column}>
        <Skeleton height={360} radius="1rem" />
        <Skeleton count={3} height={24} />
      </div>
    )
  }
  return (
    <main className={page}>
      <div className={column}>{body}</div>
    </main>
  )
}
