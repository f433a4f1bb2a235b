import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { addItem, cartUnits, reconcileCart, useShopCart } from '#app/lib/shop-cart'
import { Button } from '#app/ui/button'
import { Icon } from '#app/ui/icon'
import { PublicPage } from '#app/ui/public-page'
import { isDarkBackground } from '#app/ui/shop-preview'
import { Skeleton } from '#app/ui/skeleton'
import { formatKobo } from '#contract/naira'
import { orderTotals } from '#contract/pricing'
import { SHOP_NOT_AVAILABLE, type Storefront } from '#contract/storefront'

import { cartItemOf, onSaleIn } from '../cart'
import { storefrontQuery } from '../queries'
import { ProductCard } from './product-card'

const page = css({ minH: '100dvh', display: 'flex', flexDirection: 'column' })
const column = css({ w: 'full', maxW: '60rem', mx: 'auto', px: '4' })
const header = stack({ alignItems: 'center', gap: '3', textAlign: 'center', pt: '10', pb: '8' })
const logo = css({
  w: '20',
  h: '20',
  borderRadius: 'full',
  objectFit: 'cover',
  bg: 'bg.surface',
  boxShadow: '0 2px 8px rgba(15, 23, 42, 0.15)',
})
// Without a logo, the shop's initial in a badge (the shop's own background may be white).
const initial = css({
  w: '20',
  h: '20',
  borderRadius: 'full',
  display: 'grid',
  placeItems: 'center',
  fontSize: '3xl',
  fontWeight: 'bold',
  bg: 'accent.default',
  color: 'white',
  boxShadow: '0 2px 8px rgba(15, 23, 42, 0.15)',
})
const title = css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: 'tight', overflowWrap: 'anywhere' })
const about = css({ fontSize: 'md', opacity: 0.85, maxW: '32rem', whiteSpace: 'pre-line', overflowWrap: 'anywhere' })
const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  gap: '3',
})
const count = css({ fontSize: 'sm', fontWeight: 'medium', opacity: 0.8, mb: '3' })
const empty = stack({
  alignItems: 'center',
  gap: '2',
  py: '12',
  textAlign: 'center',
  bg: 'bg.surface',
  color: 'fg.muted',
  borderRadius: 'card',
})
const more = css({ display: 'flex', justifyContent: 'center', py: '6' })
const footer = css({ mt: 'auto', py: '6', fontSize: 'xs', textAlign: 'center', opacity: 0.7 })
// Stays at the bottom of the phone's screen while the products scroll under it.
const cartBar = css({ position: 'sticky', bottom: '0', px: '4', pb: '4', pt: '2', display: 'flex', justifyContent: 'center' })
const cartLink = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  w: 'full',
  maxW: '28rem',
  minH: 'touch',
  px: '4',
  py: '3',
  borderRadius: 'control',
  bg: 'accent.default',
  color: 'white',
  fontWeight: 'semibold',
  textDecoration: 'none',
  boxShadow: 'raised',
})

function Header({ shop }: { shop: Storefront }) {
  const text = shop.description.trim()
  return (
    <header className={header}>
      {shop.logoUrl ? (
        <img className={logo} src={shop.logoUrl} alt={`${shop.name} logo`} />
      ) : (
        <span className={initial} aria-hidden="true">
          {shop.name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <h1 className={title}>{shop.name}</h1>
      {text ? <p className={about}>{text}</p> : null}
    </header>
  )
}

interface ViewProps {
  pages: Storefront[]
  hasMore: boolean
  loadingMore: boolean
  onMore: () => void
}

function CartBar({ url, currency }: { url: string; currency: string }) {
  const { items } = useShopCart(url)
  if (items.length === 0) return null
  const units = cartUnits(items)
  const { subtotal } = orderTotals({ lines: items })
  return (
    <div className={cartBar}>
      <Link to="/shop/$url/cart" params={{ url }} className={cartLink}>
        <span>
          View cart · {units} {units === 1 ? 'item' : 'items'}
        </span>
        <span>{formatKobo(subtotal, currency)}</span>
      </Link>
    </div>
  )
}

function View({ pages, hasMore, loadingMore, onMore }: ViewProps) {
  const shop = pages[0]!
  const cart = useShopCart(shop.url)
  // Prices are today's; once every page is here, what the shop no longer sells leaves the cart.
  useEffect(() => {
    const { items } = reconcileCart(cart.items, onSaleIn(pages), !hasMore)
    if (items !== cart.items) cart.save(items)
  }, [cart, hasMore, pages])
  const products = pages.flatMap((p) => p.products.items)
  const total = shop.products.total
  const dark = isDarkBackground(shop.background.value)
  // The tab says whose shop this is, as a shared link's preview does.
  useEffect(() => {
    const before = document.title
    document.title = shop.name
    return () => void (document.title = before)
  }, [shop.name])
  return (
    <main
      className={page}
      data-testid="storefront"
      style={{ background: shop.background.value, fontFamily: shop.font.family, color: dark ? '#ffffff' : '#111827' }}
    >
      <div className={column}>
        <Header shop={shop} />
        {products.length === 0 ? (
          <div className={empty}>
            <Icon name="store" size={28} />
            <p>No products yet. Check back soon.</p>
          </div>
        ) : (
          <section aria-label="Products">
            <p className={count}>
              {total} {total === 1 ? 'product' : 'products'}
            </p>
            <ul className={grid}>
              {products.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  currency={shop.currency}
                  onAdd={(p, v) => cart.save(addItem(cart.items, cartItemOf(p, v)))}
                  inCart={(id) => cart.items.find((item) => item.variantId === id)?.quantity ?? 0}
                />
              ))}
            </ul>
            {hasMore ? (
              <div className={more}>
                <Button variant="outline" loading={loadingMore} onClick={onMore}>
                  Show more
                </Button>
              </div>
            ) : null}
          </section>
        )}
      </div>
      <footer className={footer}>Add what you want to your cart, then pay by bank transfer.</footer>
      <CartBar url={shop.url} currency={shop.currency} />
    </main>
  )
}

/** The public storefront (/shop/$url): the shop's header in its look, its products to add to the cart, and the cart's bar. */
export function StorefrontPage({ url }: { url: string }) {
  const query = useInfiniteQuery(storefrontQuery(url))
  if (query.data) {
    return (
      <View
        pages={query.data.pages}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
    )
  }
  return (
    <PublicPage
      query={query}
      invalid={{ title: SHOP_NOT_AVAILABLE, text: 'Check the address, or ask the seller for their shop link.' }}
      failedTitle="Could not load this shop"
      loading={
        <>
          <Skeleton height={80} width={80} radius="999px" />
          <Skeleton height={32} />
          <Skeleton count={2} height={220} radius="1rem" />
        </>
      }
    >
      {() => null}
    </PublicPage>
  )
}
