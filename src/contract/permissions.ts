/**
 * Permission names a team member can hold. The owner of a vendor holds all of them implicitly.
 * The first five gate the menu (SPEC §6); the rest gate money movement and administration, which
 * SPEC leaves unnamed, so we name them here and show them as lowercase words in the UI.
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
] as const

export type Permission = (typeof PERMISSIONS)[number]

/** 'VENDOR_ORDERS' → 'vendor orders' (SPEC §6). */
export function permissionLabel(permission: string): string {
  return permission.toLowerCase().replaceAll('_', ' ')
}
