import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { addItem, useShopCart } from '#app/lib/shop-cart'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import type { PayLinkView } from '#contract/catalogue'

const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2', '& > *': { flex: '1 1 10rem' } })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted', mb: '3' })
const viewCart = button({ variant: 'outline', size: 'md' })

/**
 * Buying more than this item: it goes into the customer's cart at the vendor's shop (decision 176), checked out from
 * the shop's cart page with the rest. Only for a product the shop's storefront sells.
 */
export function PayLinkAddToCart({ view, shopUrl }: { view: PayLinkView; shopUrl: string }) {
  const cart = useShopCart(shopUrl)
  const inCart = cart.items.find((item) => item.variantId === view.variantId)?.quantity ?? 0
  const add = () =>
    cart.save(
      addItem(cart.items, {
        variantId: view.variantId,
        productName: view.productName,
        options: view.options,
        unitPrice: view.discountedPrice,
      }),
    )
  return (
    <Card title="Buying more?">
      <p className={muted}>Add this to your cart at {view.vendorName}&apos;s shop and pay for everything at once.</p>
      <div className={row}>
        <Button variant="outline" onClick={add}>
          {inCart ? `Add another · ${inCart} in cart` : 'Add to cart'}
        </Button>
        {cart.items.length ? (
          <Link to="/shop/$url/cart" params={{ url: shopUrl }} className={viewCart}>
            View cart
          </Link>
        ) : null}
      </div>
    </Card>
  )
}
