import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatShortDateTime } from '#app/lib/dates'
import { useOnline } from '#app/lib/online'
import { Badge, type StatusTone } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import type { WebhookDelivery, WebhookDeliveryStatus } from '#contract/webhooks'

import { useResendWebhookDelivery, webhookDeliveriesQuery } from '../queries'

const item = stack({ gap: '1', py: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } })
const head = css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'space-between' })
const type = css({ fontWeight: 'medium', fontFamily: 'mono', fontSize: 'sm' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })
const pre = css({
  fontFamily: 'mono',
  fontSize: 'xs',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  bg: 'bg.subtle',
  p: '2',
  borderRadius: 'control',
  maxH: '48',
  overflow: 'auto',
})

const STATUS: Record<WebhookDeliveryStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Retrying', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
}

/** The newest deliveries: what was sent, what the endpoint answered, when (Lagos time), and Resend. */
export function DeliveryLog({ endpointUrls }: { endpointUrls: Record<string, string> }) {
  const log = useQuery(webhookDeliveriesQuery())
  return (
    <Card title="Deliveries">
      {log.data ? (
        log.data.items.length ? (
          <ul className={stack({ gap: '0' })} aria-label="Webhook deliveries">
            {log.data.items.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} url={endpointUrls[delivery.endpointId]} />
            ))}
          </ul>
        ) : (
          <p className={muted}>Nothing sent yet. Each event your endpoints take appears here.</p>
        )
      ) : log.isError ? (
        <QueryError query={log} title="Could not load the deliveries" />
      ) : (
        <Skeleton count={3} height="56px" />
      )}
    </Card>
  )
}

/** The JSON sent, laid out to read on a phone (the bytes signed are the one-line original). */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

function answerLine(delivery: WebhookDelivery): string {
  if (delivery.attempts === 0) return 'Not sent yet'
  const answer = delivery.answerStatus === null ? 'no answer' : `answered ${delivery.answerStatus}`
  const tries = delivery.attempts === 1 ? '1 try' : `${delivery.attempts} tries`
  return `${answer} · ${tries}${delivery.lastAttemptAt ? ` · ${formatShortDateTime(delivery.lastAttemptAt)}` : ''}`
}

function DeliveryItem({ delivery, url }: { delivery: WebhookDelivery; url: string | undefined }) {
  const resend = useResendWebhookDelivery()
  const online = useOnline()
  const status = STATUS[delivery.status]
  return (
    <li className={item} data-testid="webhook-delivery">
      <div className={head}>
        <span className={type}>{delivery.type}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className={muted}>{answerLine(delivery)}</p>
      {delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 ? (
        <p className={muted}>Next try {formatShortDateTime(delivery.nextAttemptAt)}</p>
      ) : null}
      {url ? <p className={muted}>To {url}</p> : null}
      <details>
        <summary className={css({ cursor: 'pointer', minH: 'touch', display: 'flex', alignItems: 'center', textStyle: 'body.sm' })}>
          Request and answer
        </summary>
        <div className={stack({ gap: '2' })}>
          <p className={muted}>Sent</p>
          {/* Focusable: a box that scrolls must be reachable from the keyboard. */}
          <pre className={pre} tabIndex={0} aria-label="Request body">
            {readable(delivery.requestBody)}
          </pre>
          <p className={muted}>Answer</p>
          <pre className={pre} tabIndex={0} aria-label="Answer body">
            {delivery.answerBody || '(empty)'}
          </pre>
        </div>
      </details>
      <div>
        <Button size="sm" variant="outline" loading={resend.isPending} disabled={!online} onClick={() => resend.mutate(delivery.id)}>
          Resend
        </Button>
      </div>
    </li>
  )
}
