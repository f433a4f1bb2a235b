/**
 * The balance card's height at 390 px, which Home's pending skeleton reserves so nothing moves when Home arrives
 * (the layout-shift e2e): a sender's card ends with the bulk payout link, a block of 12 + 24 px (wallet-overview).
 * Its own module: Home's pending component is in the route table, which must not pull in the card.
 */
export const BALANCE_CARD_HEIGHT = { withBulkLink: 220, withoutBulkLink: 184 } as const
