import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Button } from './button'
import { Icon } from './icon'

export interface EmptyStateProps {
  title?: string
  description?: ReactNode
  /** Offers a Refetch button (SPEC §2), except after a 403: asking again cannot grant a permission. */
  onRefetch?: () => void
  /** HTTP status of the failed load, when this is an error state. */
  errorStatus?: number
  refetching?: boolean
}

const root = stack({ alignItems: 'center', gap: '2', py: '10', px: '4', textAlign: 'center' })
const badge = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '12',
  h: '12',
  mb: '1',
  borderRadius: 'full',
  bg: 'bg.muted',
  color: 'fg.muted',
})
const titleStyle = css({ textStyle: 'title.sm', color: 'fg.default' })
const descriptionStyle = css({ textStyle: 'body.sm', color: 'fg.muted', maxW: '20rem' })

/** What a list or a section shows when it has nothing, or when loading it failed. */
export function EmptyState({ title = 'No record found', description, onRefetch, errorStatus, refetching = false }: EmptyStateProps) {
  const failed = errorStatus !== undefined
  return (
    <div className={root}>
      <span className={badge}>
        <Icon name={failed ? 'alert-circle' : 'inbox'} size={24} />
      </span>
      <p className={titleStyle}>{title}</p>
      {description ? <p className={descriptionStyle}>{description}</p> : null}
      {onRefetch && errorStatus !== 403 ? (
        <Button variant="outline" size="sm" loading={refetching} onClick={onRefetch} className={css({ mt: '2' })}>
          <Icon name="refresh" size={16} />
          Refetch
        </Button>
      ) : null}
    </div>
  )
}
