import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { useCallback } from 'react'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { PayoutSettings } from '#app/features/banking/components/payout-settings'
import { settlementAccountQuery, thirdPartyTransfersQuery, vendorChargesQuery } from '#app/features/banking/queries'
import { DomainsPanel } from '#app/features/domains/components/domains-panel'
import { myDomainsQuery } from '#app/features/domains/queries'
import { PaymentSmsCard } from '#app/features/live-alerts/components/payment-sms-card'
import { SpokenAlertsCard } from '#app/features/live-alerts/components/spoken-alerts-card'
import { paymentSmsQuery } from '#app/features/live-alerts/queries'
import { PinSettings } from '#app/features/pin/components/pin-settings'
import { pinStatusQuery } from '#app/features/pin/queries'
import { DeliveryLocationsPanel } from '#app/features/selling-terms/components/delivery-locations-panel'
import { TaxesPanel } from '#app/features/selling-terms/components/taxes-panel'
import { ChangePasswordForm } from '#app/features/settings/components/change-password-form'
import { ProfileSection } from '#app/features/settings/components/profile-section'
import { vendorProfileQuery } from '#app/features/settings/queries'
import { TeamPanel } from '#app/features/team/components/team-panel'
import { memberListQuery } from '#app/features/team/queries'
import { memberListFilters, type PageSize, teamSearch } from '#app/features/team/search'
import { WebhooksLinkCard } from '#app/features/webhooks/components/webhooks-link'
import { WebsitePanel } from '#app/features/website/components/website-panel'
import { websiteQuery } from '#app/features/website/queries'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { loadQuery } from '#app/lib/query-client'
import { deliveryLocationListQuery, taxListQuery } from '#app/lib/selling-terms-lists'
import { getSession, useSession } from '#app/lib/session'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { CardSkeleton, ScreenSkeleton, TabsSkeleton } from '#app/ui/screen-skeleton'
import { TabNav } from '#app/ui/tab-nav'

/** Tabs live in the URL (`?tab=`) so a link can open one (SPEC §2: /settings?tab=payout-settings). */
const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'payout-settings', label: 'Payout settings' },
  { id: 'security', label: 'Security' },
  { id: 'password', label: 'Password' },
  { id: 'taxes', label: 'Taxes' },
  { id: 'delivery-locations', label: 'Delivery' },
  { id: 'team', label: 'Team' },
  { id: 'website', label: 'Website' },
  { id: 'domains', label: 'Domains' },
] as const
type Tab = (typeof TABS)[number]['id']

/** The sheets under /settings and the tab each belongs to. */
const SHEET_TABS: readonly (readonly [prefix: string, tab: Tab])[] = [
  ['/settings/change-pin', 'security'],
  ['/settings/taxes', 'taxes'],
  ['/settings/delivery-locations', 'delivery-locations'],
  ['/settings/team', 'team'],
]

export const Route = createFileRoute('/_app/settings')({
  // The Team tab's search and page ride along (?tab=team&q=ada&page=2); the tab links drop them.
  validateSearch: v.object({ tab: v.optional(v.fallback(v.picklist(TABS.map((t) => t.id)), 'profile'), 'profile'), ...teamSearch }),
  beforeLoad: ({ location, search }) => {
    // A sheet always opens over its own tab; a bare link (no tab, so 'profile') would otherwise show Profile beneath.
    const tab = SHEET_TABS.find(([prefix]) => location.pathname.startsWith(prefix))?.[1]
    if (!tab || search.tab === tab) return
    const params = new URLSearchParams(location.searchStr)
    params.set('tab', tab)
    throw redirect({ href: `${location.pathname}?${params}`, replace: true })
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    // The other tabs' data is fetched without blocking: each card shows its own loading and error state.
    if (deps.tab === 'payout-settings') {
      // Readable only with VENDOR_TRANSFERS (decision 087); the card says so to everyone else.
      if (sessionCan('VENDOR_TRANSFERS')) void queryClient.prefetchQuery(settlementAccountQuery())
      void queryClient.prefetchQuery(thirdPartyTransfersQuery())
      void queryClient.prefetchQuery(vendorChargesQuery())
    }
    if (deps.tab === 'security') void queryClient.prefetchQuery(pinStatusQuery())
    if (deps.tab === 'profile' && getSession()?.user.role === 'owner') void queryClient.prefetchQuery(paymentSmsQuery())
    if (deps.tab === 'taxes') void queryClient.prefetchQuery(taxListQuery())
    if (deps.tab === 'delivery-locations') void queryClient.prefetchQuery(deliveryLocationListQuery())
    if (deps.tab === 'website' && sessionCan('VENDOR_SETTINGS')) {
      void queryClient.prefetchQuery(websiteQuery())
    }
    if (deps.tab === 'domains' && sessionCan('VENDOR_SETTINGS')) {
      void queryClient.prefetchQuery(myDomainsQuery())
    }
    if (deps.tab === 'team' && sessionCan('VENDOR_TEAM')) {
      void queryClient.prefetchQuery(memberListQuery(memberListFilters(deps)))
    }
    return loadQuery(queryClient, vendorProfileQuery())
  },
  pendingComponent: () => (
    <ScreenSkeleton title="Settings" gap={5}>
      <TabsSkeleton />
      <CardSkeleton rows={6} rowHeight={40} />
    </ScreenSkeleton>
  ),
  component: Settings,
})

function Settings() {
  const { tab } = Route.useSearch()
  // Team is offered only to those who may manage it (VENDOR_TEAM); every other tab to everyone.
  const canManageTeam = usePermission('VENDOR_TEAM')
  const tabs = TABS.filter((t) => t.id !== 'team' || canManageTeam)
  return (
    <div className={stack({ gap: '5' })}>
      <PageHeader title="Settings" />
      <TabNav
        label="Settings sections"
        items={tabs.map((t) => ({ label: t.label, link: { to: '/settings', search: { tab: t.id } }, current: tab === t.id }))}
      />
      <TabPanel tab={tab} />
      <Outlet />
    </div>
  )
}

function TabPanel({ tab }: { tab: Tab }) {
  const canEdit = usePermission('VENDOR_SETTINGS')
  const canManageTeam = usePermission('VENDOR_TEAM')
  // The payment SMS goes to the owner's phone and only the owner may change it (PATCH is owner only; any member may
  // GET it), so it is the owner's card alone.
  const isOwner = useSession()?.user.role === 'owner'
  switch (tab) {
    case 'password':
      return <ChangePasswordForm />
    case 'payout-settings':
      return <PayoutSettings canEdit={canEdit} />
    case 'taxes':
      return <TaxesPanel canEdit={canEdit} />
    case 'delivery-locations':
      return <DeliveryLocationsPanel canEdit={canEdit} />
    case 'security':
      return <PinSettings />
    case 'website':
      return <WebsitePanel canEdit={canEdit} />
    case 'domains':
      return <DomainsPanel canEdit={canEdit} />
    case 'team':
      return canManageTeam ? <Team /> : <NoAccess permission="VENDOR_TEAM" />
    default:
      return (
        <div className={stack({ gap: '5' })}>
          <ProfileSection />
          {isOwner ? <PaymentSmsCard /> : null}
          <SpokenAlertsCard />
          <WebhooksLinkCard />
        </div>
      )
  }
}

function Team() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Searching and the page size replace the history entry and go back to page 1; paging pushes, so Back pages back.
  const onSearch = useCallback(
    (q: string) => void navigate({ search: (prev) => ({ ...prev, q: q || undefined, page: undefined }), replace: true }),
    [navigate],
  )
  return (
    <TeamPanel
      search={search}
      onSearch={onSearch}
      onPageChange={(page) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })}
      onSizeChange={(size: PageSize) => void navigate({ search: (prev) => ({ ...prev, size, page: undefined }), replace: true })}
    />
  )
}
