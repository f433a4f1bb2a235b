import type { User } from '#contract/auth'

import type { VendorRow } from '../db/schema'
import { type ActiveUser, effectivePermissions } from './sessions'

/** The signed-in user as login, /user/me and accepting an invitation answer it. */
export function toUser(user: ActiveUser, vendor: VendorRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    permissions: effectivePermissions(user),
    vendor: { id: vendor.id, name: vendor.name, url: vendor.url, status: vendor.status },
  }
}
