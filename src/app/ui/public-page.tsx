import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { koboToNairaInput } from '#contract/naira'

import { errorMessage, errorStatus } from '../lib/api'
import { Button } from './button'
import { Card } from './card'
import { CopyButton } from './copy-button'
import { DetailList, DetailRow } from './detail-list'
import { Icon } from './icon'
import { Money } from './money'

// The pages a customer opens without an account (pay link, checkout): one narrow column on the canvas, no shell.
const page = css({ minH: '100dvh', bg: 'bg.canvas', px: '4', py: '6' })
export const publicColumn = stack({ gap: '4', maxW: '28rem', mx: 'auto' })
const vendor = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'label', color: 'fg.muted' })
const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })
const centre = stack({ alignItems: 'center', gap: '3', textAlign: 'center', py: '16' })
const icon = css({ display: 'grid', placeItems: 'center', w: '14', h: '14', borderRadius: 'full', bg: 'bg.muted', color: 'fg.muted' })
const copyValue = css({ display: 'inline-flex', alignItems: 'center', gap: '1', overflowWrap: 'anywhere' })

export interface PublicPageProps<T> {
  query: { data: T | undefined; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown }
  /** What a link that finds nothing says: no longer valid, what to do about it, and a way on (a link). */
  invalid: { title: string; text: string; action?: ReactNode }
  /** The heading when loading failed for another reason: 'Could not load this payment link'. */
  failedTitle: string
  /** The skeleton while it loads. */
  loading: ReactNode
  children: (data: T) => ReactNode
}

/** A public page's frame and its states: the page, a link that is no longer valid, a failure with Try again, loading. */
export function PublicPage<T>({ query, invalid, failedTitle, loading, children }: PublicPageProps<T>) {
  const status = errorStatus(query.error)
  let body: ReactNode
  if (query.data !== undefined) body = children(query.data)
  // A code the API refuses as malformed (a link cut short in a chat app), or one that is gone (410: an invitation
  // expired or used), is as dead as one it cannot find: Try again would only fail again.
  else if (query.isError && (status === 404 || status === 410 || status === 400 || status === 422)) {
    body = (
      <div className={centre} role="alert">
        <span className={icon}>
          <Icon name="alert-circle" size={28} />
        </span>
        <h1 className={css({ textStyle: 'title.md' })}>{invalid.title}</h1>
        <p className={muted}>{invalid.text}</p>
        {invalid.action}
      </div>
    )
  } else if (query.isError) {
    body = (
      <div className={centre} role="alert">
        <h1 className={css({ textStyle: 'title.md' })}>{failedTitle}</h1>
        <p className={muted}>{errorMessage(query.error)}</p>
        <Button variant="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
          <Icon name="refresh" size={16} />
          Try again
        </Button>
      </div>
    )
  } else {
    body = (
      <div aria-busy="true" className={publicColumn}>
        {loading}
      </div>
    )
  }
  return (
    <main className={page}>
      <div className={publicColumn}>{body}</div>
    </main>
  )
}

/** Whose page this is, above everything else. */
export function VendorLine({ name }: { name: string }) {
  return (
    <p className={vendor}>
      <Icon name="store" size={18} />
      {name}
    </p>
  )
}

/**
 * '6 Dec 2026, 12:40' in Lagos, as the app's formatShortDateTime writes it, without loading date-fns into the
 * public pages' chunk: Intl knows Africa/Lagos.
 */
const lagosTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))

export interface PayByTransferProps {
  vendorName: string
  /** The vendor's account; null when they have not set up bank transfer payments. */
  payTo: { bankName: string; accountNumber: string; accountName: string } | null
  /** What to transfer: 'Amount' or 'Amount due'. */
  amountLabel: string
  amount: number
  currency: string
  /** The one sentence on how to pay. */
  intro: ReactNode
  /** The reference to write as the narration, when the payment is matched by it (an order). */
  narration?: string
  /** An order's own account lasts until then (ISO); shown in Lagos time (issue 36, decision 147). */
  expiresAt?: string
}

/** 'Pay by bank transfer': the amount and the account, each with a copy button, and the narration when needed. */
export function PayByTransfer({ vendorName, payTo, amountLabel, amount, currency, intro, narration, expiresAt }: PayByTransferProps) {
  if (!payTo) {
    return (
      <Card title="Pay by bank transfer">
        <p className={muted}>{vendorName} has not set up bank transfer payments yet. Contact them to pay.</p>
      </Card>
    )
  }
  return (
    <Card title="Pay by bank transfer">
      <p className={muted}>{intro}</p>
      <DetailList>
        <DetailRow label={amountLabel}>
          <span className={copyValue}>
            <Money kobo={amount} currency={currency} />
            <CopyButton value={koboToNairaInput(amount)} label="Copy amount" toastMessage="Amount copied" />
          </span>
        </DetailRow>
        <DetailRow label="Bank">{payTo.bankName}</DetailRow>
        <DetailRow label="Account number">
          <span className={copyValue}>
            {payTo.accountNumber}
            <CopyButton value={payTo.accountNumber} label="Copy account number" toastMessage="Account number copied" />
          </span>
        </DetailRow>
        <DetailRow label="Account name">{payTo.accountName}</DetailRow>
        {expiresAt ? <DetailRow label="Account expires">{lagosTime(expiresAt)} (Lagos time)</DetailRow> : null}
        {narration ? (
          <DetailRow label="Narration">
            <span className={copyValue}>
              {narration}
              <CopyButton value={narration} label="Copy reference" toastMessage="Reference copied" />
            </span>
          </DetailRow>
        ) : null}
      </DetailList>
    </Card>
  )
}
