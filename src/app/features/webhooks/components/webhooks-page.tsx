import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'

import { BackLink, detailStack } from '#app/ui/detail-page'
import { PageHeader } from '#app/ui/page'

import { webhookEndpointsQuery } from '../queries'
import { DeliveryLog } from './delivery-log'
import { EndpointForm } from './endpoint-form'
import { EndpointList } from './endpoint-list'

const help = css({ textStyle: 'body.sm', color: 'fg.muted' })

/** Settings → Webhooks: endpoints, adding one, and the delivery log with Resend. */
export function WebhooksPage() {
  const endpoints = useQuery(webhookEndpointsQuery())
  const urls = Object.fromEntries((endpoints.data ?? []).map((e) => [e.id, e.url]))
  return (
    <div className={detailStack}>
      <BackLink to="/settings">Settings</BackLink>
      <PageHeader
        title="Webhooks"
        description="Your server hears of payments, orders, transfers and disputes as they happen: we POST each event, signed (Standard Webhooks), and retry for up to 3 days until it answers 2xx."
      />
      <EndpointList />
      <EndpointForm />
      <DeliveryLog endpointUrls={urls} />
      <p className={help}>Times are Lagos time. Answers are kept up to 4 KB.</p>
    </div>
  )
}
