import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { taxLabel } from '#app/lib/format'
import { sentence } from '#app/lib/forms'
import { type CartItem, reconcileCart, removeItem, setQuantity, useShopCart } from '#app/lib/shop-cart'
import { optionsText } from '#app/lib/variant-options'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Field, Select } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { Money } from '#app/ui/money'
import { Notice } from '#app/ui/notice'
import { PublicPage, VendorLine } from '#app/ui/public-page'
import { QuantityStepper } from '#app/ui/quantity-stepper'
import { Skeleton } from '#app/ui/skeleton'
import { MAX_CHECKOUT_QUANTITY } from '#contract/catalogue'
import { formatKobo } from '#contract/naira'
import { SHOP_NOT_AVAILABLE, type Storefront } from '#contract/storefront'

import { cartTotals, onSaleIn, refusedLines } from '../cart'
import { storefrontQuery } from '../queries'
import { CartCheckoutForm } from './cart-checkout-form'

const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })
const line = stack({ gap: '2', py: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } })
const lineTop = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '3', alignItems: 'baseline' })
const lineBottom = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const lineError = css({ textStyle: 'body.sm', color: 'danger.fg' })
const total = css({ '& dd': { textStyle: 'amount', fontSize: 'lg' } })
const back = css({ display: 'inline-flex', alignItems: 'center', gap: '1', textStyle: 'label', color: 'accent.default' })

function Line({
  item,
  currency,
  error,
  onQuantity,
  onRemove,
}: {
  item: CartItem
  currency: string
  error?: string
  onQuantity: (quantity: number) => void
  onRemove: () => void
}) {
  const options = optionsText(item.options)
  return (
    <li className={line}>
      <div className={lineTop}>
        <span className={css({ minW: '0' })}>
          <span className={css({ display: 'block', fontWeight: 'medium', overflowWrap: 'anywhere' })}>{item.productName}</span>
          <span className={muted}>{[options, `${formatKobo(item.unitPrice, currency)} each`].filter(Boolean).join(' · ')}</span>
        </span>
        <Money kobo={item.unitPrice * item.quantity} currency={currency} />
      </div>
      <div className={lineBottom}>
        <QuantityStepper label={item.productName} value={item.quantity} max={MAX_CHECKOUT_QUANTITY} onChange={onQuantity} />
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${item.productName} from cart`}>
          <Icon name="trash" size={16} />
          Remove
        </Button>
      </div>
      {error ? <p className={lineError}>{error}</p> : null}
    </li>
  )
}

function View({ pages, complete }: { pages: Storefront[]; complete: boolean }) {
  const shop = pages[0]!
  const c = shop.currency
  const cart = useShopCart(shop.url)
  const [deliveryId, setDeliveryId] = useState('')
  const [dropped, setDropped] = useState<readonly CartItem[]>([])
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({})
  const [deliveryError, setDeliveryError] = useState<string>()
  // What the shop no longer sells leaves the cart (said once, here) and prices are today's; lines on pages not
  // loaded are kept until the checkout says otherwise.
  useEffect(() => {
    const { items, dropped: gone } = reconcileCart(cart.items, onSaleIn(pages), complete)
    if (gone.length) setDropped((before) => [...before, ...gone])
    if (items !== cart.items) cart.save(items)
  }, [cart, complete, pages])
  const location = shop.deliveryLocations.find((l) => l.id === deliveryId)
  const t = cartTotals(cart.items, shop, deliveryId)

  function refused(issues: readonly { path: string; message: string }[]) {
    const gone = refusedLines(cart.items, issues)
    if (gone.length) {
      setDropped((before) => [...before, ...gone])
      cart.save(cart.items.filter((item) => !gone.includes(item)))
    }
    const errors: Record<string, string> = {}
    for (const issue of issues) {
      const match = /^items\.(\d+)\.quantity$/.exec(issue.path)
      const item = match ? cart.items[Number(match[1])] : undefined
      if (item) errors[item.variantId] = sentence(issue.message)
    }
    setLineErrors(errors)
    setDeliveryError(issues.find((issue) => issue.path === 'deliveryLocationId')?.message)
  }

  return (
    <>
      <VendorLine name={shop.name} />
      <Link to="/shop/$url" params={{ url: shop.url }} className={back}>
        <Icon name="arrow-left" size={16} />
        Back to the shop
      </Link>
      <h1 className={css({ textStyle: 'title.lg' })}>Your cart</h1>
      {dropped.length ? (
        <Notice icon="info">
          {dropped.map((item) => item.productName).join(', ')} {dropped.length === 1 ? 'is' : 'are'} no longer sold, so we took{' '}
          {dropped.length === 1 ? 'it' : 'them'} out of your cart.
        </Notice>
      ) : null}
      {cart.items.length === 0 ? (
        <Card>
          <p className={muted}>Your cart is empty. Add something from the shop.</p>
        </Card>
      ) : (
        <>
          <Card title="Items">
            <ul aria-label="Items in your cart">
              {cart.items.map((item) => (
                <Line
                  key={item.variantId}
                  item={item}
                  currency={c}
                  error={lineErrors[item.variantId]}
                  onQuantity={(quantity) => cart.save(setQuantity(cart.items, item.variantId, quantity))}
                  onRemove={() => cart.save(removeItem(cart.items, item.variantId))}
                />
              ))}
            </ul>
          </Card>
          <Card title="Delivery">
            <Field
              label="Delivery location"
              error={deliveryError ? sentence(deliveryError) : undefined}
              helper={
                location?.description ??
                (shop.deliveryLocations.length ? undefined : `${shop.name} has no delivery locations; arrange pick-up with them.`)
              }
            >
              <Select
                value={deliveryId}
                onChange={(event) => {
                  setDeliveryId(event.target.value)
                  setDeliveryError(undefined)
                }}
              >
                <option value="">No delivery (I will pick it up)</option>
                {shop.deliveryLocations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} ({formatKobo(l.fee, c)})
                  </option>
                ))}
              </Select>
            </Field>
            <DetailList>
              <DetailRow label="Subtotal">
                <Money kobo={t.subtotal} currency={c} />
              </DetailRow>
              {t.taxes.map((tax) => (
                <DetailRow key={tax.name} label={taxLabel(tax.name, tax.bps / 100)}>
                  <Money kobo={tax.amount} currency={c} />
                </DetailRow>
              ))}
              {location ? (
                <DetailRow label={`Delivery, ${location.name}`}>
                  <Money kobo={t.deliveryFee} currency={c} />
                </DetailRow>
              ) : null}
              <DetailRow label="Total" className={total}>
                <Money kobo={t.total} currency={c} />
              </DetailRow>
            </DetailList>
          </Card>
          <CartCheckoutForm
            url={shop.url}
            vendorName={shop.name}
            items={cart.items}
            deliveryLocationId={deliveryId}
            onRefused={refused}
            onPlaced={() => cart.save([])}
          />
        </>
      )}
    </>
  )
}

/** A shop's cart (/shop/$url/cart): the lines, the delivery location, the totals and the customer's details. */
export function CartPage({ url }: { url: string }) {
  const query = useInfiniteQuery(storefrontQuery(url))
  const pages = query.data?.pages
  return (
    <PublicPage
      query={{ ...query, data: pages }}
      invalid={{ title: SHOP_NOT_AVAILABLE, text: 'Check the address, or ask the seller for their shop link.' }}
      failedTitle="Could not load your cart"
      loading={
        <>
          <Skeleton height={32} />
          <Skeleton height={200} radius="1rem" />
          <Skeleton count={3} height={24} />
        </>
      }
    >
      {(loaded) => <View pages={loaded} complete={!query.hasNextPage} />}
    </PublicPage>
  )
}
