import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatDate } from '#app/lib/dates'
import { useOnline } from '#app/lib/online'
import { Badge } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import type { WebhookEndpoint } from '#contract/webhooks'

import {
  useDeleteWebhookEndpoint,
  useRevealWebhookSecret,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  webhookEndpointsQuery,
} from '../queries'
import { SecretNotice } from './secret-notice'

const item = stack({ gap: '2', py: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } })
const url = css({ fontWeight: 'medium', wordBreak: 'break-all' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })

/** The vendor's endpoints, each with its events, whether it is on, its secret on request, and its actions. */
export function EndpointList() {
  const list = useQuery(webhookEndpointsQuery())
  return (
    <Card title="Endpoints">
      {list.data ? (
        list.data.length ? (
          <ul className={stack({ gap: '0' })}>
            {list.data.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        ) : (
          <p className={muted}>No endpoints yet. Add one below to receive your payments and orders as they happen.</p>
        )
      ) : list.isError ? (
        <QueryError query={list} title="Could not load your endpoints" />
      ) : (
        <Skeleton count={2} height="64px" />
      )}
    </Card>
  )
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const online = useOnline()
  const update = useUpdateWebhookEndpoint()
  const remove = useDeleteWebhookEndpoint()
  const reveal = useRevealWebhookSecret()
  const rotate = useRotateWebhookSecret()
  const secret = rotate.data?.data.secret ?? reveal.data?.data.secret
  return (
    <li className={item}>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start', justifyContent: 'space-between' })}>
        <span className={url}>{endpoint.url}</span>
        <Badge tone={endpoint.isEnabled ? 'success' : 'neutral'}>{endpoint.isEnabled ? 'On' : 'Paused'}</Badge>
      </div>
      <p className={muted}>
        {endpoint.description ? `${endpoint.description} · ` : ''}
        {endpoint.events.join(', ')} · added {formatDate(endpoint.createdAt)}
      </p>
      {secret ? <SecretNotice secret={secret} /> : null}
      <div className={actions}>
        {secret ? null : (
          <Button size="sm" variant="outline" loading={reveal.isPending} disabled={!online} onClick={() => reveal.mutate(endpoint.id)}>
            Show secret
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          loading={rotate.isPending}
          disabled={!online}
          onClick={() => {
            if (
              window.confirm(
                'Make a new signing secret? The old one stops at once: webhooks are signed with the new one from now on. Put it on your server; deliveries it rejects in between are retried.',
              )
            )
              rotate.mutate(endpoint.id)
          }}
        >
          New secret
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={update.isPending}
          disabled={!online}
          onClick={() => update.mutate({ id: endpoint.id, isEnabled: !endpoint.isEnabled })}
        >
          {endpoint.isEnabled ? 'Pause' : 'Turn on'}
        </Button>
        <Button
          size="sm"
          variant="danger"
          loading={remove.isPending}
          disabled={!online}
          onClick={() => {
            if (window.confirm(`Remove ${endpoint.url}? Webhooks still waiting for it are cancelled.`)) remove.mutate(endpoint.id)
          }}
        >
          Remove
        </Button>
      </div>
    </li>
  )
}
