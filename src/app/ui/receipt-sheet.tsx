import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { businessLines } from '#contract/business'
import type { Transaction } from '#contract/transactions'

import { notify } from '../lib/notify'
import { useOnline } from '../lib/online'
import { partyText, receiptOf, receiptText } from '../lib/receipt'
import { shareOrCopy } from '../lib/share'
import { vendorProfileQuery } from '../lib/vendor-profile'
import { Button } from './button'
import { CopyButton } from './copy-button'
import { DetailList, DetailRow } from './detail-list'
import { Icon } from './icon'
import { Sheet } from './sheet'

const issuer = stack({ gap: '0', pb: '3', mb: '3', borderBottomWidth: '1px', borderColor: 'border.default' })
const head = stack({ alignItems: 'center', gap: '1', pb: '4', textAlign: 'center' })
const tick = css({
  display: 'grid',
  placeItems: 'center',
  w: '12',
  h: '12',
  mb: '1',
  borderRadius: 'full',
  bg: 'success.subtle',
  color: 'success.fg',
})
const sectionTitle = css({ textStyle: 'caption', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide', mt: '5', mb: '1' })
const codeItem = stack({ gap: '0.5', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } })
const code = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  fontFamily: 'mono',
  fontSize: 'sm',
  wordBreak: 'break-all',
})

/** A reference or session ID under its label at full width, with its copy button: what a bank will ask for. */
function CodeRow({ label, value, copyLabel, toast }: { label: string; value: string; copyLabel?: string; toast?: string }) {
  return (
    <div className={codeItem}>
      <dt className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>{label}</dt>
      <dd className={code}>
        <span>{value}</span>
        {copyLabel && toast ? <CopyButton value={value} label={copyLabel} toastMessage={toast} /> : null}
      </dd>
    </div>
  )
}

/** The receipt of a successful transaction, as the PDF lays it out: amount, details, parties and the references. */
export function ReceiptView({ t }: { t: Transaction }) {
  const r = receiptOf(t)
  const business = useQuery(vendorProfileQuery()).data
  return (
    <div data-testid="receipt">
      {business ? (
        <div className={issuer} aria-label="Issued by">
          <p className={css({ fontWeight: 'semibold' })}>{business.name}</p>
          {businessLines(business).map((line) => (
            <p key={line} className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
              {line}
            </p>
          ))}
        </div>
      ) : null}
      <div className={head}>
        <span className={tick}>
          <Icon name="receipt" size={24} />
        </span>
        <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>{r.headline}</p>
        <p className={css({ textStyle: 'amount.lg' })}>{r.amount}</p>
      </div>
      <DetailList>
        {r.lines.map((line) => (
          <DetailRow key={line.label} label={line.label}>
            {line.value}
          </DetailRow>
        ))}
        {r.parties.map((p) => (
          <DetailRow key={p.heading} label={p.heading}>
            {partyText(p)}
          </DetailRow>
        ))}
      </DetailList>
      <h3 className={sectionTitle}>For your bank</h3>
      <dl>
        <CodeRow
          label="Transaction reference"
          value={r.reference}
          copyLabel="Copy transaction reference"
          toast="Transaction reference copied"
        />
        {t.sessionId ? (
          <CodeRow label="Session ID" value={t.sessionId} copyLabel="Copy session ID" toast="Session ID copied" />
        ) : (
          <CodeRow label="Session ID" value={r.sessionId} />
        )}
      </dl>
    </div>
  )
}

export const RECEIPT_COPIED = 'Receipt copied'

/** The PDF code (jsPDF) is fetched on the first press, so it stays out of the app's bundle (lib/pdf-kit). */
const loadReceiptPdf = () => import('../lib/receipt-pdf')

/**
 * Download PDF and Share for a receipt. Share sends the PDF where the phone can share files (WhatsApp takes it),
 * else the receipt as text, else copies the text (lib/share).
 */
export function ReceiptActions({ t }: { t: Transaction }) {
  const online = useOnline()
  const [busy, setBusy] = useState<'download' | 'share' | null>(null)
  // The business the receipt is from (decision 191); without it yet, the receipt goes out without that block.
  const business = useQuery(vendorProfileQuery()).data ?? null
  const failed = () =>
    notify.error(online ? 'Could not create the receipt. Please try again.' : 'Connect to the internet to download the receipt.')

  async function download() {
    setBusy('download')
    try {
      const [{ receiptPdf }, { savePdf }] = await Promise.all([loadReceiptPdf(), import('../lib/pdf-kit')])
      const { doc, fileName } = await receiptPdf(t, business)
      savePdf(doc, fileName)
      notify.success('Receipt downloaded')
    } catch {
      // Offline on a device that has never made a PDF, the PDF code cannot be fetched.
      failed()
    } finally {
      setBusy(null)
    }
  }

  async function share() {
    setBusy('share')
    try {
      await shareOrCopy(
        {
          title: `Receipt ${t.reference}`,
          text: receiptText(t),
          file: async () => {
            const [{ receiptPdf }, { pdfFile }] = await Promise.all([loadReceiptPdf(), import('../lib/pdf-kit')])
            const { doc, fileName } = await receiptPdf(t, business)
            return pdfFile(doc, fileName)
          },
        },
        RECEIPT_COPIED,
      )
    } finally {
      setBusy(null)
    }
  }

  return (
    <>
      <Button variant="outline" loading={busy === 'download'} disabled={busy !== null} onClick={() => void download()}>
        <Icon name="download" size={18} />
        Download PDF
      </Button>
      <Button loading={busy === 'share'} disabled={busy !== null} onClick={() => void share()}>
        <Icon name="share" size={18} />
        Share
      </Button>
    </>
  )
}

/** The Receipt sheet: from Transaction Summary and from a transfer's outcome dialog. Closing it calls onClose. */
export function ReceiptSheet({ t, onClose }: { t: Transaction; onClose: () => void }) {
  return (
    <Sheet onClose={onClose} title="Receipt" footer={<ReceiptActions t={t} />}>
      <ReceiptView t={t} />
    </Sheet>
  )
}
