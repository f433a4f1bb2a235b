import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

const list = css({ display: 'flex', flexDirection: 'column' })
const item = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  minH: '12',
  py: '1.5',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})
const term = css({ color: 'fg.muted', textStyle: 'body.sm', flexShrink: 0 })
const detail = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: '1',
  fontWeight: 'medium',
  textAlign: 'right',
  minW: '0',
  overflowWrap: 'anywhere',
})

/** Label and value pairs of an entity, one per line: a section of a detail screen or a sheet. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className={list}>{children}</dl>
}

/**
 * One pair; an empty value shows a dash, so a missing field reads as missing rather than as a layout gap.
 * `className` styles the pair itself (a total's larger figure): a <dl> may hold only pairs wrapped in one <div>.
 */
export function DetailRow({ label, children, className }: { label: string; children?: ReactNode; className?: string }) {
  return (
    <div className={cx(item, className)}>
      <dt className={term}>{label}</dt>
      <dd className={detail}>{children ?? '—'}</dd>
    </div>
  )
}
