import type { QueryClient } from '@tanstack/react-query'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { lazy, Suspense, useMemo } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { outletListQuery } from '#app/features/outlets/queries'
import { outletListFilters } from '#app/features/outlets/search'
import { PinPrompt } from '#app/features/pin/components/pin-prompt'
import { pinStatusQuery } from '#app/features/pin/queries'
import { TransactionAnalytics } from '#app/features/transactions/components/transaction-analytics'
import { transactionAnalyticsQuery, transactionBreakdownQuery } from '#app/features/transactions/queries'
import { BALANCE_CARD_HEIGHT } from '#app/features/wallet/balance-card-height'
import { AccountDetailsCard, BalanceCard } from '#app/features/wallet/components/wallet-overview'
import { walletBalanceQuery, walletDetailsQuery } from '#app/features/wallet/queries'
import { DURATION_LABELS } from '#app/lib/date-range'
import { dateFilterSearch, fromDateSearch, searchRange, toDateSearch } from '#app/lib/date-search'
import { greeting } from '#app/lib/greeting'
import { sessionCan, startPath, usePermission } from '#app/lib/permissions'
import { loadQuery } from '#app/lib/query-client'
import { getSession, useSession } from '#app/lib/session'
import { DateFilter, type DateFilterValue } from '#app/ui/date-filter'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { CardSkeleton, DateFilterSkeleton, ScreenSkeleton } from '#app/ui/screen-skeleton'

// Below the first fold, and not every member sees them: loaded after the first screen, out of the signed-in chunk
// (its budget, bench/budgets.ts).
const GrossProfit = lazy(() => import('#app/features/orders/components/gross-profit').then((m) => ({ default: m.GrossProfit })))
const NetFiguresCard = lazy(() => import('#app/features/statements/components/net-figures').then((m) => ({ default: m.NetFiguresCard })))

export const Route = createFileRoute('/_app/home')({
  // Every way in after signing in arrives here; a role without the wallet goes on to its own first screen. Only
  // Home itself: a sheet opened over it (/home/send-money) is asked for on purpose.
  beforeLoad: async ({ context: { queryClient }, location }) => {
    const user = getSession()?.user
    if (!user || sessionCan('VENDOR_WALLET') || location.pathname !== '/home') return
    const start = startPath(user)
    if (start === '/outlets') {
      const outletId = await onlyOutlet(queryClient)
      if (outletId) throw redirect({ to: '/outlets/$outletId', params: { outletId }, replace: true })
    }
    throw redirect({ to: start, replace: true })
  },
  // The analytics duration lives in the URL like every filter; TODAY is the default (SPEC §9).
  validateSearch: v.object(dateFilterSearch),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    const loads: unknown[] = []
    if (sessionCan('VENDOR_WALLET')) loads.push(loadQuery(queryClient, walletBalanceQuery()), loadQuery(queryClient, walletDetailsQuery()))
    // Asked for with the rest, not once the screen has drawn the PIN prompt: one round trip less to a whole screen.
    if (sessionCan('VENDOR_TRANSFERS')) void queryClient.prefetchQuery(pinStatusQuery())
    if (sessionCan('VENDOR_TRANSACTIONS')) {
      const range = searchRange(deps)
      // Not awaited: the balance matters first; the figures fill in.
      void queryClient.prefetchQuery(transactionAnalyticsQuery(range))
      void queryClient.prefetchQuery(transactionBreakdownQuery(range))
    }
    return Promise.all(loads).then(() => undefined)
  },
  pendingComponent: HomePending,
  component: Home,
})

/**
 * The one outlet an outlet's staff member is in, if so: from the device when saved there, else asked for (the loader
 * rule, decision 090). Offline with nothing saved, or on a failure, none: they start on the Outlets list instead.
 */
async function onlyOutlet(queryClient: QueryClient): Promise<string | undefined> {
  const query = outletListQuery(outletListFilters({}))
  try {
    const page = (await loadQuery(queryClient, query)) ?? queryClient.getQueryData(query.queryKey)
    return page?.total === 1 ? page.items[0]?.id : undefined
  } catch {
    return undefined
  }
}

const walletCards = css({ display: 'grid', gap: '4', lg: { gridTemplateColumns: '1fr 1fr' } })

/** Shown at once while the screen's chunk or its first balance is on its way (decision 091). */
function HomePending() {
  const user = getSession()?.user
  const canSend = usePermission('VENDOR_TRANSFERS')
  return (
    <ScreenSkeleton title={`${greeting(new Date())}, ${user?.name.split(' ')[0] ?? ''}`} description={user?.vendor.name} gap={5}>
      <div className={walletCards}>
        <CardSkeleton rows={3} rowHeight={36} height={canSend ? BALANCE_CARD_HEIGHT.withBulkLink : BALANCE_CARD_HEIGHT.withoutBulkLink} />
        <CardSkeleton rows={6} rowHeight={36} height={350} />
      </div>
      <div className={stack({ gap: '3' })}>
        <DateFilterSkeleton />
        <CardSkeleton rows={8} rowHeight={40} height={514} />
      </div>
    </ScreenSkeleton>
  )
}

function Home() {
  const session = useSession()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const user = session?.user
  const canSeeWallet = usePermission('VENDOR_WALLET')
  const canSeeTransactions = usePermission('VENDOR_TRANSACTIONS')
  // The PIN authorises moving money: a member who cannot send any has nothing to create one for.
  const canSend = usePermission('VENDOR_TRANSFERS')
  const firstName = user?.name.split(' ')[0] ?? ''
  const dates = useMemo(() => fromDateSearch(search), [search])
  const range = useMemo(() => searchRange(search), [search])
  const setDates = (value: DateFilterValue) => void navigate({ search: toDateSearch(value), replace: true })

  return (
    <div className={stack({ gap: '5' })}>
      <PageHeader title={`${greeting(new Date())}, ${firstName}`} description={user?.vendor.name} />
      {canSend ? <PinPrompt /> : null}
      {canSeeWallet ? (
        <div className={css({ display: 'grid', gap: '4', lg: { gridTemplateColumns: '1fr 1fr' } })}>
          <BalanceCard canSend={canSend} />
          <AccountDetailsCard />
        </div>
      ) : (
        <NoAccess permission="VENDOR_WALLET" />
      )}
      {canSeeTransactions ? (
        <section aria-label="Transaction analytics" className={stack({ gap: '3' })}>
          <DateFilter value={dates} onChange={setDates} />
          <TransactionAnalytics range={range} periodLabel={DURATION_LABELS[dates.duration]} />
          <Suspense fallback={<CardSkeleton />}>
            <GrossProfit range={range} />
            <NetFiguresCard range={range} />
          </Suspense>
        </section>
      ) : null}
      <Outlet />
    </div>
  )
}
