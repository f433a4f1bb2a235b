import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'

import { Badge, type StatusTone } from '#app/ui/badge'
import { lagosMinuteText } from '#contract/lagos-time'
import { formatKobo } from '#contract/naira'
import type { PayoutBatchSummary } from '#contract/payout-batches'

import { payoutBatchesQuery } from '../payout-batch-queries'

const heading = css({ textStyle: 'label', fontWeight: 'semibold', mt: '6', mb: '2' })
const list = css({ listStyle: 'none', p: '0', m: '0' })
const entry = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '1 3',
  alignItems: 'center',
  width: '100%',
  minH: '12',
  py: '3',
  textAlign: 'left',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
})
const strong = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })
const small = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted' })

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`)

/**
 * Where the batch stands, in a word (the badge), and the line under its sum: when it was made and how its rows went,
 * or when it will send.
 */
function batchStanding(batch: PayoutBatchSummary, now = Date.now()): { label: string; tone: StatusTone; detail: string } {
  const { scheduled, pending, sent, failed } = batch.outcomes
  const made = lagosMinuteText(batch.confirmedAt ?? batch.createdAt)
  if (batch.status === 'cancelled') return { label: 'Cancelled', tone: 'neutral', detail: `${made} · no payment sent` }
  if (scheduled > 0 && batch.sendAt && Date.parse(batch.sendAt) > now) {
    return { label: 'Scheduled', tone: 'info', detail: `Sends ${lagosMinuteText(batch.sendAt)}` }
  }
  const sending = pending + scheduled
  const counts = [sent ? `${sent} sent` : null, sending ? `${sending} sending` : null, failed ? `${failed} failed` : null]
  const detail = [made, ...counts].filter(Boolean).join(' · ')
  if (sending > 0) return { label: 'Sending', tone: 'warning', detail }
  if (failed > 0) return { label: sent ? 'Partly sent' : 'Failed', tone: 'danger', detail }
  return { label: 'Sent', tone: 'success', detail }
}

/**
 * The newest confirmed and cancelled bulk payouts (decision 199), under the sheet's first step: a batch scheduled for
 * next week, or one whose rows were still being sent when the sheet closed, is opened again here to see each row and
 * its receipt, or to cancel it while it waits. Nothing while there is none.
 */
export function EarlierPayouts({ onOpen }: { onOpen: (batchId: string) => void }) {
  const batches = useQuery(payoutBatchesQuery())
  if (!batches.data?.items.length) return null
  return (
    <section aria-labelledby="earlier-payouts">
      <h3 id="earlier-payouts" className={heading}>
        Earlier payouts
      </h3>
      <ul className={list}>
        {batches.data.items.map((batch) => {
          const standing = batchStanding(batch)
          const payees = batch.rowCount - batch.refusedCount
          return (
            <li key={batch.id}>
              <button type="button" className={entry} onClick={() => onOpen(batch.id)}>
                <span>
                  <span className={strong}>{formatKobo(batch.total + batch.totalFee)}</span>
                  {` to ${plural(payees, 'payee', 'payees')}`}
                  <span className={small}>{standing.detail}</span>
                </span>
                <Badge tone={standing.tone}>{standing.label}</Badge>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
