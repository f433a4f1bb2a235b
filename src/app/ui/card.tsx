import { type ReactNode, useId } from 'react'
import { css } from 'styled-system/css'
import { card } from 'styled-system/recipes'

export interface CardProps {
  children: ReactNode
  title?: ReactNode
  /** A button or link beside the title, e.g. 'View all'. */
  action?: ReactNode
}

const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', minH: '9' })
const heading = css({ textStyle: 'title.sm', color: 'fg.default' })

/** A section of a page (detail screens are stacks of these). Titled cards are labelled regions. */
export function Card({ children, title, action }: CardProps) {
  const titleId = useId()
  return (
    <section className={card()} aria-labelledby={title ? titleId : undefined}>
      {title || action ? (
        <div className={header}>
          {title ? (
            <h2 id={titleId} className={heading}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          {action}
        </div>
      ) : null}
      {children}
    </section>
  )
}
