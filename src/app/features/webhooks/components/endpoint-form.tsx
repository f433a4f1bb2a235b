import { type FormEvent, useId, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { ApiError } from '#app/lib/api'
import { useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { Field, Input } from '#app/ui/field'
import {
  MAX_WEBHOOK_DESCRIPTION,
  MAX_WEBHOOK_URL,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '#contract/webhooks'

import { useCreateWebhookEndpoint } from '../queries'
import { SecretNotice } from './secret-notice'

const fieldset = stack({ gap: '1', border: 'none', p: '0', m: '0', minW: '0' })
const legend = css({ textStyle: 'label', color: 'fg.default', mb: '1', p: '0' })
const row = css({ display: 'flex', alignItems: 'center', gap: '3', minH: 'touch', cursor: 'pointer', textStyle: 'body.sm' })
const box = css({ w: '5', h: '5', flexShrink: 0, accentColor: 'accent.default', cursor: 'pointer' })
const code = css({ fontFamily: 'mono', fontSize: 'xs', color: 'fg.muted' })
const errorText = css({ textStyle: 'body.sm', color: 'danger.fg' })

/** Add endpoint: a URL, the events it takes (all ticked at first), a note; the secret is shown once it is made. */
export function EndpointForm() {
  const id = useId()
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const create = useCreateWebhookEndpoint()
  const online = useOnline()

  function submit(event: FormEvent) {
    event.preventDefault()
    setErrors({})
    create.mutate(
      { url: url.trim(), events, description: description.trim() },
      {
        onSuccess: () => {
          setUrl('')
          setDescription('')
        },
        onError: (error) => {
          const issues = error instanceof ApiError ? (error.issues ?? []) : []
          const byField: Record<string, string> = {}
          for (const issue of issues) byField[issue.path.split('.')[0] ?? 'url'] ??= issue.message
          setErrors(Object.keys(byField).length ? byField : { form: error.message })
        },
      },
    )
  }

  return (
    <Card title="Add an endpoint">
      <form className={stack({ gap: '4' })} onSubmit={submit} noValidate>
        <Field label="URL" required error={errors.url} helper="Where we POST your events. https:// on a live server.">
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/webhooks"
            maxLength={MAX_WEBHOOK_URL}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        <fieldset className={fieldset} aria-describedby={errors.events ? `${id}-events-error` : undefined}>
          <legend className={legend}>Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className={row}>
              <input
                type="checkbox"
                className={box}
                name="events"
                value={type}
                checked={events.includes(type)}
                onChange={(e) => setEvents(e.target.checked ? [...events, type] : events.filter((t) => t !== type))}
              />
              <span>
                {WEBHOOK_EVENT_LABELS[type]} <span className={code}>{type}</span>
              </span>
            </label>
          ))}
          {errors.events ? (
            <p id={`${id}-events-error`} className={errorText}>
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <Field label="Note" error={errors.description} helper="Optional, e.g. “Shop website”.">
          <Input maxLength={MAX_WEBHOOK_DESCRIPTION} value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        {errors.form ? <p className={errorText}>{errors.form}</p> : null}
        <Button type="submit" loading={create.isPending} disabled={!online}>
          Add endpoint
        </Button>
        {create.data ? <SecretNotice secret={create.data.data.secret} fresh /> : null}
      </form>
    </Card>
  )
}
