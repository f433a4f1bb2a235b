import type { Permission } from '#contract/permissions'

import { EmptyState } from './empty-state'
import { PageHeader } from './page'
import { Sheet } from './sheet'

/** How a screen names what a permission opens: 'Your role does not include {what}', '… grant the {word} permission'. */
const WORDS: Record<Permission, { what: string; word: string }> = {
  VENDOR_ORDERS: { what: 'orders', word: 'orders' },
  VENDOR_TRANSACTIONS: { what: 'transactions', word: 'transactions' },
  VENDOR_CUSTOMERS: { what: 'customers', word: 'customers' },
  VENDOR_INVENTORY: { what: 'products', word: 'inventory' },
  VENDOR_OUTLETS: { what: 'outlets', word: 'outlets' },
  VENDOR_WALLET: { what: 'the wallet', word: 'wallet' },
  VENDOR_TRANSFERS: { what: 'sending money', word: 'transfers' },
  VENDOR_SETTINGS: { what: 'settings', word: 'settings' },
  VENDOR_TEAM: { what: 'the team', word: 'team' },
  VENDOR_REFUNDS: { what: 'refunds', word: 'refunds' },
  VENDOR_DEVELOPERS: { what: 'API keys and webhooks', word: 'developer' },
}

export interface NoAccessProps {
  /** The permission the role lacks. */
  permission: Permission
  /** Instead of 'Your role does not include …', when the screen is an action: 'Your role does not allow this'. */
  title?: string
  /** A whole page: its header's title ('Products', 'Create order') above the message. */
  page?: string
}

/** Where the user's role lacks a permission: whom to ask, and no Refetch (a 403), since asking again cannot help. */
export function NoAccess({ permission, title, page }: NoAccessProps) {
  const { what, word } = WORDS[permission]
  const message = (
    <EmptyState
      title={title ?? `Your role does not include ${what}`}
      description={`Ask the account owner to grant the ${word} permission.`}
      errorStatus={403}
    />
  )
  if (page === undefined) return message
  return (
    <>
      <PageHeader title={page} />
      {message}
    </>
  )
}

/** The same in a sheet opened by an address the role does not cover (Create Outlet without VENDOR_TEAM, for one). */
export function NoAccessSheet({
  sheetTitle,
  onClose,
  ...props
}: Omit<NoAccessProps, 'page'> & { sheetTitle: string; onClose: () => void }) {
  return (
    <Sheet onClose={onClose} title={sheetTitle}>
      <NoAccess {...props} />
    </Sheet>
  )
}
