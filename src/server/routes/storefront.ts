import type { storefrontEndpoints } from '#contract/storefront'

import type { HandlersFor } from '../http/types'
import { ensurePaymentAccountOf } from '../orders/payment-accounts'
import { enforce, LIMITS } from '../rate-limit'
import { cartCheckout } from '../storefront/cart-checkout'
import { storefront } from '../storefront/storefront'

export const storefrontHandlers: HandlersFor<typeof storefrontEndpoints> = {
  async storefront({ db, query }) {
    return { data: await storefront(db, query.url, query) }
  },

  async cartCheckout({ body, db, deps, ip }) {
    // One visitor's checkouts count together, from a pay link or a cart; then theirs at this shop. Only a checkout
    // both let through reaches the shop's ceiling, so an address refused adds nothing to it (decision 188).
    await enforce(deps.rateLimiter, LIMITS.payLinkCheckoutPerIp, ip)
    await enforce(deps.rateLimiter, LIMITS.cartCheckoutPerShopAndIp, `${body.url}:${ip}`)
    await enforce(deps.rateLimiter, LIMITS.cartCheckoutPerShop, body.url)
    const data = await cartCheckout(db, body, deps.clock.now())
    // The order's own account, if the provider answers in time; its page asks again otherwise (decision 148).
    const account = await ensurePaymentAccountOf(deps, data.reference)
    const message = account
      ? `Pay into the account shown for ${data.reference}: no narration needed`
      : `Quote ${data.reference} in your transfer narration`
    return { data, message }
  },
}
