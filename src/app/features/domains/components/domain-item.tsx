import { Fragment } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatShortDateTime } from '#app/lib/dates'
import { Badge } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import { CopyButton } from '#app/ui/copy-button'
import { Icon } from '#app/ui/icon'
import { Notice } from '#app/ui/notice'
import type { DnsRecord, ShopDomain } from '#contract/domains'

import { useVerifyDomain } from '../queries'

const item = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  py: '4',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _first: { pt: '0' },
  _last: { borderBottomWidth: '0', pb: '0' },
})
const header = css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' })
const name = css({ textStyle: 'title.sm', color: 'fg.default', overflowWrap: 'anywhere', minW: '0' })
const link = css({ color: 'accent.fg', textDecoration: 'underline' })
const text = css({ textStyle: 'body.sm', color: 'fg.muted', overflowWrap: 'anywhere' })
const records = stack({ gap: '2' })
const record = stack({
  gap: '1',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  bg: 'bg.subtle',
  minW: '0',
})
const recordHead = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: '2', rowGap: '0.5' })
const recordType = css({ fontFamily: 'mono', fontWeight: 'semibold', color: 'fg.default' })
// Phones: the label above its value, the copy button at the right edge. Wider screens: label, value and its copy
// button on one line, so the button stays beside what it copies.
const pair = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: '3.5rem minmax(0, 1fr)' },
  alignItems: 'center',
  columnGap: '3',
  rowGap: '0.5',
  minW: '0',
})
const term = css({ textStyle: 'caption', color: 'fg.muted' })
const value = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: { base: 'space-between', md: 'flex-start' },
  gap: '2',
  minW: '0',
})
const code = css({ fontFamily: 'mono', fontSize: 'sm', color: 'fg.default', minW: '0', overflowWrap: 'anywhere' })
// The token has no break opportunities of its own: it breaks anywhere.
const token = css({ wordBreak: 'break-all' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const grow = css({ flex: { base: '1', md: 'none' } })

/** A host name that wraps after its dots rather than mid-label ('nodns.mamaput.com.' / 'ng' is hard to read). */
function Breakable({ text }: { text: string }) {
  const parts = text.split('.')
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <>
              .<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </>
  )
}

/** Ends a server sentence ('No TXT record found yet…') with a full stop when it has none. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

export interface DomainItemProps {
  domain: ShopDomain
  onRemove: (domain: ShopDomain) => void
}

/** One connected domain: its status, the DNS records to add, and Check DNS (while pending) and Remove. */
export function DomainItem({ domain, onRemove }: DomainItemProps) {
  const verify = useVerifyDomain()
  const active = domain.status === 'active'
  return (
    <li className={item}>
      <div>
        <div className={header}>
          <h3 className={name}>
            {active ? (
              <a className={link} href={`https://${domain.domain}`} target="_blank" rel="noreferrer">
                <Breakable text={domain.domain} />
              </a>
            ) : (
              <Breakable text={domain.domain} />
            )}
          </h3>
          <Badge tone={active ? 'success' : 'warning'}>{active ? 'Active' : 'Pending'}</Badge>
        </div>
        <p className={text}>
          {active
            ? `Opens your shop. Verified ${formatShortDateTime(domain.verifiedAt ?? domain.createdAt)}.`
            : 'Add both records where you bought the domain, then check DNS.'}
        </p>
      </div>
      <ul className={records} aria-label={`DNS records for ${domain.domain}`}>
        {domain.records.map((r) => (
          <RecordCard key={r.type} record={r} />
        ))}
      </ul>
      {!active && domain.lastCheckError ? (
        <Notice icon="warning">
          {sentence(domain.lastCheckError)}
          {domain.lastCheckedAt ? (
            <>
              <br />
              Last checked {formatShortDateTime(domain.lastCheckedAt)}.
            </>
          ) : null}
        </Notice>
      ) : null}
      <div className={actions}>
        {active ? null : (
          <Button
            className={grow}
            aria-label={`Check DNS for ${domain.domain}`}
            loading={verify.isPending}
            onClick={() => verify.mutate(domain.id)}
          >
            <Icon name="refresh" size={16} />
            Check DNS
          </Button>
        )}
        <Button variant="outline" aria-label={`Remove ${domain.domain}`} onClick={() => onRemove(domain)}>
          <Icon name="trash" size={16} />
          Remove
        </Button>
      </div>
    </li>
  )
}

/** A record as a registrar's form asks for it: type, then name and value, each copyable; long values wrap. */
function RecordCard({ record: r }: { record: DnsRecord }) {
  return (
    <li className={record}>
      <p className={recordHead}>
        <span className={recordType}>{r.type}</span>
        <span className={text}>{r.purpose}</span>
      </p>
      <dl className={stack({ gap: '2' })}>
        <div className={pair}>
          <dt className={term}>Name</dt>
          <dd className={value}>
            <span className={code}>
              <Breakable text={r.name} />
            </span>
            <CopyButton value={r.name} label={`Copy ${r.type} name`} toastMessage={`${r.type} name copied`} />
          </dd>
        </div>
        <div className={pair}>
          <dt className={term}>Value</dt>
          <dd className={value}>
            <span className={cx(code, r.type === 'TXT' ? token : undefined)}>
              <Breakable text={r.value} />
            </span>
            <CopyButton value={r.value} label={`Copy ${r.type} value`} toastMessage={`${r.type} value copied`} />
          </dd>
        </div>
      </dl>
    </li>
  )
}
