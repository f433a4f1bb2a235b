import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

import { showSubmitError, visibleError } from '#app/lib/forms'
import { useDebouncedValue } from '#app/lib/use-debounced-value'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { Field, Input } from '#app/ui/field'
import { Form } from '#app/ui/form'
import { Icon } from '#app/ui/icon'
import { Spinner } from '#app/ui/spinner'
import { DOMAIN_INVALID_MESSAGE, normaliseDomain } from '#contract/domains'

import { domainCheckQuery, useConnectDomain } from '../queries'

export const CHECK_DELAY_MS = 400

const text = css({ textStyle: 'body.sm', color: 'fg.muted' })
const formStyle = css({ display: 'flex', flexDirection: 'column', gap: '3', maxW: { md: '32rem' } })
const status = css({ display: 'flex', alignItems: 'center', textStyle: 'body.sm', minH: '5', mt: '-1' })
const line = css({
  display: 'inline-flex',
  gap: '1.5',
  alignItems: 'flex-start',
  overflowWrap: 'anywhere',
  '& svg': { flexShrink: '0', mt: '0.5' },
})
const muted = css({ color: 'fg.muted' })
const good = css({ color: 'success.fg' })
const bad = css({ color: 'danger.fg' })
const submit = css({ alignSelf: { base: 'stretch', md: 'flex-start' } })

export interface ConnectDomainCardProps {
  /** How many domains the shop has, and may have. At the limit the card says so instead of offering the form. */
  count: number
  limit: number
  /** The domain input's id, so focus can come back to it after a domain is removed. */
  inputId: string
}

/** Settings → Domains: connect a domain the vendor owns, with a live check of what is typed. */
export function ConnectDomainCard({ count, limit, inputId }: ConnectDomainCardProps) {
  return (
    <Card title="Connect a domain">
      {count >= limit ? (
        <p className={text}>Your shop has {limit} domains, the most it can have. Remove one to connect another.</p>
      ) : (
        <>
          <p className={text}>Open your shop at a domain you already own. You then add two DNS records where you bought the domain.</p>
          <ConnectDomainForm inputId={inputId} />
        </>
      )}
    </Card>
  )
}

function ConnectDomainForm({ inputId }: { inputId: string }) {
  const connect = useConnectDomain()
  const form = useForm({
    defaultValues: { domain: '' },
    onSubmit: ({ value, formApi }) => {
      const domain = normaliseDomain(value.domain)
      if (!domain) return
      connect.mutate(domain, {
        onSuccess: () => formApi.reset(),
        onError: (error) => showSubmitError(formApi, error),
      })
    },
  })
  return (
    <Form form={form} pending={connect.isPending} className={formStyle}>
      <form.Field name="domain">
        {(field) => (
          <DomainInput
            id={inputId}
            value={field.state.value}
            onChange={field.handleChange}
            onBlur={field.handleBlur}
            error={visibleError(field.state.meta, true)}
            connecting={connect.isPending}
          />
        )}
      </form.Field>
    </Form>
  )
}

interface DomainInputProps {
  id: string
  value: string
  onChange: (value: string) => void
  onBlur: () => void
  /** The server's refusal (409, 422) after Connect; cleared as soon as the text changes. */
  error?: string
  connecting: boolean
}

/**
 * The domain with its live check: asked once the typing pauses (CHECK_DELAY_MS), only for text that is a domain
 * name (normalised as the server would, so 'Shop.Example.com/' and 'shop.example.com' are one question). Connect
 * is enabled only while the check of the text now in the field says available; POST /domain still decides.
 */
function DomainInput({ id, value, onChange, onBlur, error, connecting }: DomainInputProps) {
  const settled = useDebouncedValue(value, CHECK_DELAY_MS)
  const typing = settled !== value
  const domain = normaliseDomain(settled)
  const check = useQuery({ ...domainCheckQuery(domain ?? ''), enabled: domain !== null && !typing })
  const available = !typing && domain !== null && check.data?.domain === domain && check.data.available

  let message: ReactNode = null
  if (!error && value.trim() && !typing) {
    if (!domain) message = <span className={muted}>{DOMAIN_INVALID_MESSAGE}</span>
    else if (check.isPending) {
      message = (
        <span className={cx(line, muted)}>
          <Spinner size="sm" /> Checking…
        </span>
      )
    } else if (check.data) {
      message = (
        <span className={cx(line, check.data.available ? good : bad)}>
          <Icon name={check.data.available ? 'check' : 'alert-circle'} size={16} />
          <span>{check.data.message}</span>
        </span>
      )
    } else if (check.isError) {
      message = <span className={muted}>Could not check this domain now. Try again in a moment.</span>
    }
  }

  return (
    <>
      <Field id={id} label="Domain" helper="Like shop.example.com or mamaput.ng" error={error}>
        <Input
          name="domain"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="shop.example.com"
          value={value}
          onBlur={onBlur}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
      <p className={status} role="status" aria-live="polite">
        {message}
      </p>
      <Button type="submit" className={submit} disabled={!available || Boolean(error)} loading={connecting}>
        Connect
      </Button>
    </>
  )
}
