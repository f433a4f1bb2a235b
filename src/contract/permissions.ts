/**
 * Permission names a team member can hold. The owner of a vendor holds all of them implicitly.
 * The first five gate the menu (SPEC §6); the rest gate money movement and administration, which
 * SPEC leaves unnamed, so we name them here and show them in plain words in the UI (PERMISSION_LABELS).
 */
export const PERMISSIONS = [
  'VENDOR_ORDERS',
  'VENDOR_TRANSACTIONS',
  'VENDOR_CUSTOMERS',
  'VENDOR_INVENTORY',
  'VENDOR_OUTLETS',
  'VENDOR_WALLET',
  'VENDOR_TRANSFERS',
  'VENDOR_SETTINGS',
  'VENDOR_TEAM',
  /*
   * Refunding an order sends money out of the main wallet, so it is not implied by VENDOR_ORDERS: the owner grants
   * it on purpose (docs/decisions/086-pin-on-outlet-transfers-and-refunds.md).
   */
  'VENDOR_REFUNDS',
  /*
   * API keys and outgoing webhooks (issue 40): what an integration can see and where the vendor's events go. A member
   * holding it still never creates a key that moves money: that scope is the owner's alone.
   */
  'VENDOR_DEVELOPERS',
] as const

export type Permission = (typeof PERMISSIONS)[number]

/**
 * Each permission in plain words, as the team screens and the server's messages name it. Issue 22 overrides
 * SPEC §6's lowercase names ('vendor orders'): decision 109.
 */
export const PERMISSION_LABELS: Record<Permission, string> = {
  VENDOR_ORDERS: 'Orders and invoices',
  VENDOR_TRANSACTIONS: 'Transactions',
  VENDOR_CUSTOMERS: 'Customers',
  VENDOR_INVENTORY: 'Products',
  VENDOR_OUTLETS: 'Outlets',
  VENDOR_WALLET: 'Wallet',
  VENDOR_TRANSFERS: 'Send money',
  VENDOR_SETTINGS: 'Business settings',
  VENDOR_TEAM: 'Manage team',
  VENDOR_REFUNDS: 'Refund orders',
  VENDOR_DEVELOPERS: 'API keys and webhooks',
}

/** 'VENDOR_ORDERS' → 'Orders and invoices'; a name this build does not know, in lowercase words. */
export function permissionLabel(permission: string): string {
  return PERMISSION_LABELS[permission as Permission] ?? permission.toLowerCase().replaceAll('_', ' ')
}
