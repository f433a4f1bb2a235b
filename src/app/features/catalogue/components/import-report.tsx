import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatCount } from '#app/lib/format'
import { Badge } from '#app/ui/badge'
import type { ImportReport } from '#contract/catalogue-csv'

/*
 * What an import will do (the dry run) or did: the counts, then each refused row with its line, column and reason,
 * then each product with what happens to it. The lists stop at the server's cap; the counts are always whole.
 */

const ACTION = {
  create: { label: 'Add', tone: 'success' },
  update: { label: 'Update', tone: 'info' },
  unchanged: { label: 'No change', tone: 'neutral' },
} as const

const heading = css({ textStyle: 'label', color: 'fg.default' })
const list = css({ display: 'flex', flexDirection: 'column', borderTopWidth: '1px', borderColor: 'border.default' })
const item = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  gap: '3',
  alignItems: 'baseline',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})
const line = css({ textStyle: 'caption', color: 'fg.muted', fontVariantNumeric: 'tabular-nums', minW: '14' })
const refusedText = css({ color: 'danger.fg', textStyle: 'body.sm' })

export function importSummary(report: ImportReport): string {
  const verb = report.applied ? { create: 'added', update: 'updated' } : { create: 'to add', update: 'to update' }
  const parts = [
    `${formatCount(report.created, 'product')} ${verb.create}`,
    `${report.updated.toLocaleString('en-NG')} ${verb.update}`,
    `${report.unchanged.toLocaleString('en-NG')} unchanged`,
  ]
  if (report.refusedRows) parts.push(`${formatCount(report.refusedRows, 'row')} refused`)
  return parts.join(' · ')
}

export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <div className={stack({ gap: '4' })} data-testid="import-report">
      <p className={css({ fontWeight: 'medium' })} role="status">
        {importSummary(report)}
      </p>
      {report.collectionsCreated || report.imagesQueued ? (
        <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
          {[
            report.collectionsCreated ? `${formatCount(report.collectionsCreated, 'new collection')}` : null,
            report.imagesQueued ? `${formatCount(report.imagesQueued, 'image')} fetched from their links afterwards` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {report.refused.length ? (
        <section className={stack({ gap: '2' })} aria-label="Refused rows">
          <h3 className={heading}>Refused rows (left out)</h3>
          <ul className={list}>
            {report.refused.map((r) => (
              <li key={`${r.line}-${r.column}`} className={item}>
                <span className={line}>Line {r.line}</span>
                <span className={refusedText}>{r.column ? `${r.column}: ${r.reason}` : r.reason}</span>
                <span />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {report.products.length ? (
        <section className={stack({ gap: '2' })} aria-label="Products in the file">
          <h3 className={heading}>Products in the file</h3>
          <ul className={list}>
            {report.products.map((p) => (
              <li key={p.handle} className={item}>
                <span className={line}>Line {p.line}</span>
                <span className={css({ truncate: true })}>{p.name}</span>
                <Badge tone={ACTION[p.action].tone}>{ACTION[p.action].label}</Badge>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
