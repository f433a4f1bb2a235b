import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useMemo } from 'react'
import { stack } from 'styled-system/patterns'
import * as v from 'valibot'

import { outletListQuery } from '#app/features/outlets/queries'
import { outletListFilters } from '#app/features/outlets/search'
import { StatementView } from '#app/features/statements/components/statement-view'
import { statementQuery } from '#app/features/statements/queries'
import { toIsoDate } from '#app/lib/date-range'
import { dateFilterSearch, fromDateSearch, searchRange, toDateSearch } from '#app/lib/date-search'
import { sessionCan, usePermission } from '#app/lib/permissions'
import { loadQuery } from '#app/lib/query-client'
import type { StatementDays } from '#app/lib/query-keys'
import { DateFilter, type DateFilterValue } from '#app/ui/date-filter'
import { Field, Select } from '#app/ui/field'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { CardSkeleton, DateFilterSkeleton, ScreenSkeleton } from '#app/ui/screen-skeleton'

/** /statement?outletId=…&duration=LAST_MONTH: the wallet and the Lagos days in the URL, like every filter. */
const statementSearch = v.object({
  ...dateFilterSearch,
  outletId: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined),
})
type StatementSearch = v.InferOutput<typeof statementSearch>

/** The Date filter's range as the statement's Lagos days. */
function daysOf(search: StatementSearch): StatementDays {
  const range = searchRange(search)
  return { from: toIsoDate(new Date(range.startDate)), to: toIsoDate(new Date(range.endDate)) }
}

const canRead = (outletId?: string) => sessionCan(outletId ? 'VENDOR_OUTLETS' : 'VENDOR_TRANSACTIONS')

export const Route = createFileRoute('/_app/statement')({
  validateSearch: statementSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    if (sessionCan('VENDOR_OUTLETS')) void queryClient.prefetchQuery(outletListQuery(outletListFilters({})))
    if (!canRead(deps.outletId)) return
    return loadQuery(queryClient, statementQuery(daysOf(deps), deps.outletId))?.then(() => undefined)
  },
  pendingComponent: () => (
    <ScreenSkeleton title="Statement">
      <DateFilterSkeleton />
      <CardSkeleton rows={7} rowHeight={36} height={380} />
    </ScreenSkeleton>
  ),
  component: StatementPage,
})

const MAIN = ''

function StatementPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const canMain = usePermission('VENDOR_TRANSACTIONS')
  const canOutlets = usePermission('VENDOR_OUTLETS')
  const outlets = useQuery({ ...outletListQuery(outletListFilters({})), enabled: canOutlets })
  const days = useMemo(() => daysOf(search), [search])
  const outletId = search.outletId
  const setDates = (value: DateFilterValue) => void navigate({ search: (prev) => ({ ...prev, ...toDateSearch(value) }), replace: true })
  const setWallet = (id: string) => void navigate({ search: (prev) => ({ ...prev, outletId: id || undefined }), replace: true })

  if (!(outletId ? canOutlets : canMain))
    return <NoAccess permission={outletId ? 'VENDOR_OUTLETS' : 'VENDOR_TRANSACTIONS'} page="Statement" />
  return (
    <div className={stack({ gap: '4' })}>
      <PageHeader title="Statement" description="Opening and closing balances, every transaction and its running balance." />
      {canOutlets && outlets.data?.items.length ? (
        <Field label="Wallet">
          <Select value={outletId ?? MAIN} onChange={(event) => setWallet(event.target.value)}>
            {canMain ? <option value={MAIN}>Main wallet</option> : null}
            {outlets.data.items.map((outlet) => (
              <option key={outlet.id} value={outlet.id}>
                {outlet.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <DateFilter value={fromDateSearch(search)} onChange={setDates} />
      <StatementView days={days} outletId={outletId} />
    </div>
  )
}
