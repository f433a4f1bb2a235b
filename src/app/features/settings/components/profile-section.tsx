import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'

import { formatDate } from '#app/lib/dates'
import { usePermission } from '#app/lib/permissions'
import { StatusBadge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'

import { vendorProfileQuery } from '../queries'
import { BusinessDetailsForm } from './business-details-form'

const term = css({ fontSize: 'sm', color: 'fg.muted' })

export function ProfileSection() {
  const profile = useQuery(vendorProfileQuery())
  // Those who may change the shop's settings may change what its documents print (the server checks it too).
  const canEdit = usePermission('VENDOR_SETTINGS')
  if (profile.isError) {
    return <QueryError query={profile} description="no" />
  }
  if (!profile.data) return <Skeleton count={4} height="20px" />
  const p = profile.data
  const rows: [string, React.ReactNode][] = [
    ['Business name', p.name],
    ['Owner', p.ownerName],
    ['Email', p.email],
    ['Phone', p.phone ?? 'Not set'],
    ['Business address', p.address ?? 'Not set'],
    ['TIN', p.tin ?? 'Not set'],
    ['Shop URL', p.url ?? 'Not set'],
    ['Status', <StatusBadge key="status" status={p.status.replaceAll('_', ' ')} />],
    ['Member since', formatDate(p.createdAt)],
  ]
  return (
    <>
      <Card title="Business profile">
        <dl className={css({ display: 'grid', gap: '3', sm: { gridTemplateColumns: '1fr 1fr' } })}>
          {rows.map(([k, val]) => (
            <div key={k}>
              <dt className={term}>{k}</dt>
              <dd className={css({ fontWeight: 'medium', wordBreak: 'break-word' })}>{val}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {canEdit ? <BusinessDetailsForm key={`${p.address}|${p.tin}`} profile={p} /> : null}
    </>
  )
}
