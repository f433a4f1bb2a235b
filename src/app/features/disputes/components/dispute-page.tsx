import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { formatDateTime } from '#app/lib/dates'
import { StatusBadge } from '#app/ui/badge'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { BackLink, DetailFallback, detailStack } from '#app/ui/detail-page'
import { Money } from '#app/ui/money'
import { PageHeader } from '#app/ui/page'
import type { DisputeInfo } from '#contract/disputes'

import { disputeInfoQuery } from '../queries'
import { DisputeConversation } from './dispute-conversation'

const link = css({ color: 'accent.fg', fontWeight: 'medium' })
const paragraph = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })
const escalateLink = cx(button({ variant: 'outline', size: 'md', fullWidth: true }), css({ textDecoration: 'none' }))

function BackToDisputes() {
  return <BackLink to="/orders/disputes">Disputes</BackLink>
}

function DisputeSection({ dispute: d }: { dispute: DisputeInfo }) {
  return (
    <Card title="Dispute">
      <DetailList>
        <DetailRow label="Status">
          <StatusBadge status={d.status} />
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
    return (
      <DetailFallback
        back={<BackToDisputes />}
        query={query}
        notFound={{ title: 'Dispute not found', description: 'This dispute is not one of yours.' }}
      />
    )
  }

  return (
    <div className={detailStack}>
      <BackToDisputes />
      <PageHeader title={dispute.title} description={`Order ${dispute.orderReference} · ${dispute.category.category}`} />
      <DisputeSection dispute={dispute} />
      <EscalationSection dispute={dispute} />
      <DisputeConversation dispute={dispute} />
    </div>
  )
}
