import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import type { DisputeInfo } from '../../../../contract/disputes'
import { errorMessage, errorStatus } from '../../../lib/api'
import { formatDateTime } from '../../../lib/dates'
import { Card } from '../../../ui/card'
import { DetailList, DetailRow } from '../../../ui/detail-list'
import { EmptyState } from '../../../ui/empty-state'
import { Icon } from '../../../ui/icon'
import { Money } from '../../../ui/money'
import { PageHeader } from '../../../ui/page'
import { Skeleton } from '../../../ui/skeleton'
import { disputeInfoQuery } from '../queries'
import { DisputeConversation } from './dispute-conversation'
import { DisputeStatusBadge } from './dispute-status'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const back = css({ display: 'inline-flex', alignItems: 'center', gap: '1', minH: 'touch', color: 'accent.fg', fontWeight: 'medium', textDecoration: 'none', alignSelf: 'flex-start' })
const link = css({ color: 'accent.fg', fontWeight: 'medium' })
const paragraph = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })
const escalateLink = cx(button({ variant: 'outline', size: 'md', fullWidth: true }), css({ textDecoration: 'none' }))

function BackToDisputes() {
  return (
    <Link to="/orders/disputes" className={back}>
      <Icon name="arrow-left" size={18} />
      Disputes
    </Link>
  )
}

function DisputeSection({ dispute: d }: { dispute: DisputeInfo }) {
  return (
    <Card title="Dispute">
      <DetailList>
        <DetailRow label="Status">
          <DisputeStatusBadge status={d.status} />
        </DetailRow>
        <DetailRow label="Category">{d.category.category}</DetailRow>
        <DetailRow label="Order">
          <Link to="/orders/$reference" params={{ reference: d.orderReference }} className={link}>
            {d.orderReference}
          </Link>
        </DetailRow>
        <DetailRow label="Order amount">
          <Money kobo={d.order.amount} currency={d.order.currency} />
        </DetailRow>
        <DetailRow label="Opened">{formatDateTime(d.createdAt)}</DetailRow>
      </DetailList>
      <p className={paragraph}>{d.description}</p>
    </Card>
  )
}

/** Escalation: the button while it is possible, then when and why it happened (once only, SPEC §7). */
function EscalationSection({ dispute: d }: { dispute: DisputeInfo }) {
  if (d.isEscalated) {
    return (
      <Card title="Escalated to admin">
        <DetailList>
          <DetailRow label="Escalated">{d.escalatedAt ? formatDateTime(d.escalatedAt) : undefined}</DetailRow>
        </DetailList>
        <div>
          <p className={muted}>Reason</p>
          <p className={paragraph}>{d.escalationReason}</p>
        </div>
      </Card>
    )
  }
  if (d.status === 'resolved') return null
  return (
    <Card title="Need help?">
      <p className={muted}>If you and the customer cannot settle it, an administrator can step in.</p>
      <Link to="/orders/disputes/$disputeId/escalate" params={{ disputeId: d.id }} className={escalateLink}>
        Escalate Dispute to Admin
      </Link>
    </Card>
  )
}

/** /orders/disputes/$disputeId: the dispute, its escalation and its conversation, each a section. */
export function DisputePage({ id }: { id: string }) {
  const query = useQuery(disputeInfoQuery(id))
  const dispute = query.data

  if (!dispute) {
    const status = errorStatus(query.error)
    return (
      <div className={stack}>
        <BackToDisputes />
        {query.isError ? (
          <Card>
            <EmptyState
              title={status === 404 ? 'Dispute not found' : 'No record found'}
              description={status === 404 ? 'This dispute is not one of yours.' : errorMessage(query.error)}
              errorStatus={status}
              onRefetch={status === 404 ? undefined : () => void query.refetch()}
              refetching={query.isFetching}
            />
          </Card>
        ) : (
          <div aria-busy="true" className={stack}>
            <Skeleton height={32} width="60%" />
            <Skeleton height={200} />
            <Skeleton height={240} />
          </div>
        )}
      </div>
    )
  }

  return (
    <div className={stack}>
      <BackToDisputes />
      <PageHeader title={dispute.title} description={`Order ${dispute.orderReference} · ${dispute.category.category}`} />
      <DisputeSection dispute={dispute} />
      <EscalationSection dispute={dispute} />
      <DisputeConversation dispute={dispute} />
    </div>
  )
}
