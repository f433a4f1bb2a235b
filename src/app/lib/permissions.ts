import type { User } from '#contract/auth'
import type { Permission } from '#contract/permissions'

import { getSession, useSession } from './session'

export type IconName = 'home' | 'orders' | 'receipt' | 'wallet' | 'users' | 'box' | 'store' | 'settings'

export interface MenuItem {
  label: string
  to: string
  icon: IconName
  /** The permission that shows the entry; none means every signed-in user sees it. */
  permission?: Permission
}

/**
 * The menu of SPEC §2 and §6: orders and invoices share VENDOR_ORDERS. Home is the wallet's screen: a member whose
 * role leaves the wallet out starts elsewhere (startPath), so Home is not offered to them either.
 */
export const MENU: readonly MenuItem[] = [
  { label: 'Home', to: '/home', icon: 'home', permission: 'VENDOR_WALLET' },
  { label: 'Orders', to: '/orders', icon: 'orders', permission: 'VENDOR_ORDERS' },
  { label: 'Invoices', to: '/invoices', icon: 'receipt', permission: 'VENDOR_ORDERS' },
  { label: 'Transactions', to: '/transactions', icon: 'wallet', permission: 'VENDOR_TRANSACTIONS' },
  { label: 'Customers', to: '/customers', icon: 'users', permission: 'VENDOR_CUSTOMERS' },
  { label: 'Products', to: '/products', icon: 'box', permission: 'VENDOR_INVENTORY' },
  { label: 'Outlets', to: '/outlets', icon: 'store', permission: 'VENDOR_OUTLETS' },
  { label: 'Settings', to: '/settings', icon: 'settings' },
]

/**
 * Outlet staff: members placed in outlets who do not manage the team, so they see only the outlets they are in
 * (decision 043, server outlets/scope.ts).
 */
export function isOutletStaff(user: Pick<User, 'role' | 'permissions'>): boolean {
  return user.role === 'member' && hasPermission(user.permissions, 'VENDOR_OUTLETS') && !hasPermission(user.permissions, 'VENDOR_TEAM')
}

/**
 * Where a signed-in user starts (issue 22): Home for whoever holds the wallet; outlet staff on Outlets (the Home
 * route takes them on to their outlet when they are in one); anyone else on the first screen their menu offers
 * (Orders for a cashier), Settings at least, so no one starts on "Your role does not include the wallet".
 */
export function startPath(user: Pick<User, 'role' | 'permissions'>): string {
  if (!hasPermission(user.permissions, 'VENDOR_WALLET') && isOutletStaff(user)) return '/outlets'
  return menuFor(user.permissions)[0]?.to ?? '/settings'
}

export function hasPermission(permissions: readonly string[], permission?: Permission): boolean {
  return permission === undefined || permissions.includes(permission)
}

/** Whether the signed-in user's role includes the permission; the screen follows a change of session. */
export function usePermission(permission: Permission): boolean {
  return hasPermission(useSession()?.user.permissions ?? [], permission)
}

/** The entries a user with these permissions sees, in menu order. */
export function menuFor(permissions: readonly string[], items: readonly MenuItem[] = MENU): MenuItem[] {
  return items.filter((item) => hasPermission(permissions, item.permission))
}

/**
 * A loader's check, outside React: whether the signed-in user holds the permission. A loader skips the calls its
 * screen's role may not make (they would only answer 403); the screen itself draws NoAccess.
 */
export function sessionCan(permission: Permission): boolean {
  return hasPermission(getSession()?.user.permissions ?? [], permission)
}
