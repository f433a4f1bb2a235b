import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

export interface PageHeaderProps {
  title: ReactNode
  description?: ReactNode
  /** Primary actions for the page; they wrap under the title on narrow screens. */
  actions?: ReactNode
}

const root = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  // Beside a tablet's sidebar the content is a phone's width again: the actions then wrap under the title.
  flexWrap: 'wrap',
  alignItems: { base: 'stretch', sm: 'flex-end' },
  justifyContent: 'space-between',
  gap: '3',
  mb: { base: '4', md: '6' },
})
const heading = css({ textStyle: 'title.lg', color: 'fg.default' })
const text = css({ textStyle: 'body.sm', color: 'fg.muted', mt: '1' })
const actionRow = css({ display: 'flex', flexWrap: 'wrap', gap: '2', '& > *': { flex: { base: '1', sm: 'initial' } } })

/**
 * Header actions led by a primary one (Create order, Initiate Dispute), first in the markup: on a phone it takes a
 * row of its own above the others, which share the next row, so a long label never squeezes into half a 360px
 * screen; from sm up they sit in one row with the primary last, as on the other pages.
 */
export const primaryFirstActions = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  '& > *': { flex: '1 1 0' },
  '& > :first-child': { flexBasis: '100%' },
  sm: { flexWrap: 'nowrap', '& > *': { flex: 'initial' }, '& > :first-child': { order: 1, flexBasis: 'auto' } },
})

/** The page's one h1, its summary and its actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className={root}>
      <div>
        <h1 className={heading}>{title}</h1>
        {description ? <p className={text}>{description}</p> : null}
      </div>
      {actions ? <div className={actionRow}>{actions}</div> : null}
    </header>
  )
}
