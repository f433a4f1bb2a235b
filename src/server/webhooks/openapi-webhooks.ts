import { toJsonSchema } from '@valibot/to-json-schema'

import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, webhookPayload } from '#contract/webhooks'

/*
 * The OpenAPI 3.1 `webhooks` object (decision 169): each event type the server POSTs to a vendor's endpoints, its
 * body from the contract's schema, and the Standard Webhooks headers that sign it. Kept apart from http/openapi.ts,
 * which calls this once.
 */

type Json = Record<string, unknown>

const SIGNATURE_HEADERS: Json[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'The event’s id (`evt_…`): the same on every retry and resend, so a receiver can ignore a repeat.',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Seconds since the Unix epoch when this attempt was signed; refuse one minutes away from your clock.',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description:
      '`v1,` + base64(HMAC-SHA256(base64-decoded secret after `whsec_`, `{webhook-id}.{webhook-timestamp}.{raw body}`)). Verify it with the `standardwebhooks` library of your language.',
  },
]

function bodySchema(type: (typeof WEBHOOK_EVENT_TYPES)[number]): Json {
  const json = toJsonSchema(webhookPayload(type), { target: 'draft-2020-12', typeMode: 'output', errorMode: 'ignore' }) as Json
  delete json.$schema
  return json
}

/** `webhooks` of the served document: one POST per event type. */
export function openApiWebhooks(): Json {
  const webhooks: Json = {}
  for (const type of WEBHOOK_EVENT_TYPES) {
    webhooks[type] = {
      post: {
        operationId: `webhook_${type.replace('.', '_')}`,
        summary: `${type}: ${WEBHOOK_EVENT_LABELS[type]}`,
        // What the receiver checks: the Standard Webhooks signature (components.securitySchemes.webhookSignature).
        security: [{ webhookSignature: [] }],
        description:
          'Sent to each endpoint registered for this event (Settings → Webhooks), signed as Standard Webhooks says. Answer 2xx within 10 s; anything else (a redirect too) is retried with exponential back-off for up to 3 days. Money is integer kobo, times ISO 8601.',
        tags: ['webhooks'],
        parameters: SIGNATURE_HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema: bodySchema(type) } } },
        responses: { '2XX': { description: 'Received. The body is kept (4 KiB at most) in the delivery log.' } },
      },
    }
  }
  return webhooks
}
