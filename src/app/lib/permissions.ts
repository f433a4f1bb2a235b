import type { Permission } from '../../contract/permissions'

export type IconName = 'home' | 'orders' | 'receipt' | 'wallet' | 'users' | 'box' | 'store' | 'settings'

export interface MenuItem {
  label: string
  to: string
  icon: IconName
  /** The permission that shows the entry; none means every signed-in user sees it. */
  permission?: Permission
  /** False until the area's screens exist: the menu never links to a placeholder. */
  ready: boolean
}

/** The menu of SPEC §2 and §6: orders and invoices share VENDOR_ORDERS. */
export const MENU: readonly MenuItem[] = [
  { label: 'Home', to: '/home', icon: 'home', ready: true },
  { label: 'Orders', to: '/orders', icon: 'orders', permission: 'VENDOR_ORDERS', ready: true },
  { label: 'Invoices', to: '/invoices', icon: 'receipt', permission: 'VENDOR_ORDERS', ready: true },
  { label: 'Transactions', to: '/transactions', icon: 'wallet', permission: 'VENDOR_TRANSACTIONS', ready: true },
  { label: 'Customers', to: '/customers', icon: 'users', permission: 'VENDOR_CUSTOMERS', ready: true },
  { label: 'Products', to: '/products', icon: 'box', permission: 'VENDOR_INVENTORY', ready: true },
  { label: 'Outlets', to: '/outlets', icon: 'store', permission: 'VENDOR_OUTLETS', ready: true },
  { label: 'Settings', to: '/settings', icon: 'settings', ready: true },
]

export function hasPermission(permissions: readonly string[], permission?: Permission): boolean {
  return permission === undefined || permissions.includes(permission)
}

/** The entries a user with these permissions sees, in menu order. */
export function menuFor(permissions: readonly string[], items: readonly MenuItem[] = MENU): MenuItem[] {
  return items.filter((item) => item.ready && hasPermission(permissions, item.permission))
}
