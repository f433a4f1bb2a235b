import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

import { usePermission } from '#app/lib/permissions'
import { StatusBadge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { BackLink, DetailFallback, detailStack } from '#app/ui/detail-page'
import { EmptyState } from '#app/ui/empty-state'
import { PageHeader } from '#app/ui/page'

import { outletDetailQuery } from '../queries'
import { OutletMembers } from './outlet-members'
import { OutletStatusSwitch } from './outlet-status-switch'
import { OutletAccountCard, OutletBalanceCard } from './outlet-wallet'

const NOT_FOUND = { title: 'Outlet not found', description: 'It may have been removed, or it is not one of the outlets you can see.' }
const INACTIVE = {
  title: 'This outlet is inactive',
  description: 'Its wallet, members and transactions are back once the account owner activates it again.',
}
const status = css({ display: 'flex', alignItems: 'center', gap: '4', mt: { base: '-2', md: '-4' } })
const wallet = css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, gap: '4', alignItems: 'start' })

/**
 * /outlets/$outletId: the outlet's status, wallet (balance, transfers, account), members and transactions,
 * each section owning its actions. The transactions come from the route: they are the transactions feature's.
 */
export function OutletPage({ outletId, transactions }: { outletId: string; transactions: ReactNode }) {
  const query = useQuery(outletDetailQuery(outletId))
  const canManage = usePermission('VENDOR_TEAM')
  const canFund = usePermission('VENDOR_TRANSFERS')
  const back = <BackLink to="/outlets">Outlets</BackLink>
  const outlet = query.data
  if (!outlet) return <DetailFallback back={back} query={query} notFound={NOT_FOUND} />
  // Status and members need VENDOR_TEAM as well (decision 043); funding the outlet needs VENDOR_TRANSFERS.
  const header = (
    <div>
      <PageHeader title={outlet.name} description={outlet.address} />
      <div className={status}>
        <StatusBadge status={outlet.status} />
        {canManage ? <OutletStatusSwitch outlet={outlet} /> : null}
      </div>
    </div>
  )
  // Someone who sees this outlet only as its member cannot act for it while it is inactive (decision 043): its
  // wallet, members and transactions would each answer 403, so the page says it once rather than four times.
  if (outlet.status === 'inactive' && !canManage) {
    return (
      <div className={detailStack}>
        {back}
        {header}
        <Card>
          <EmptyState title={INACTIVE.title} description={INACTIVE.description} errorStatus={403} />
        </Card>
      </div>
    )
  }
  return (
    <div className={detailStack}>
      {back}
      {header}
      <div className={wallet}>
        <OutletBalanceCard outlet={outlet} canFund={canFund} />
        <OutletAccountCard outletId={outlet.id} />
      </div>
      <OutletMembers outlet={outlet} canManage={canManage} />
      {transactions}
    </div>
  )
}
