import type { FetchStatus } from '@tanstack/react-query'
import { createLink } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Card } from './card'
import { Icon } from './icon'
import { isNotSavedOffline, NotSavedOffline } from './not-saved'
import { QueryError } from './query-error'
import { Skeleton } from './skeleton'

/** A detail page's sections, one under the other. */
export const detailStack = stack({ gap: '4' })

const back = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  minH: 'touch',
  color: 'accent.fg',
  fontWeight: 'medium',
  textDecoration: 'none',
  alignSelf: 'flex-start',
})

function BackAnchor({ children, className, ref, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return (
    <a ref={ref} {...props} className={cx(back, className)}>
      <Icon name="arrow-left" size={18} />
      {children}
    </a>
  )
}

/** '← Orders' above a detail page: a router link (typed like Link) to the list it belongs to. */
export const BackLink = createLink(BackAnchor)

export interface DetailFallbackProps {
  /** The BackLink, so there is a way out whatever happened. */
  back: ReactNode
  /** The page's query, while it has no data: loading, or failed. */
  query: { isError: boolean; error: unknown; isFetching: boolean; isPending: boolean; fetchStatus: FetchStatus; refetch: () => unknown }
  /** What a 404 says: the thing is not there, or not this vendor's. */
  notFound: { title: string; description: string }
  /** Heights of the skeleton sections under the title's while loading. */
  skeletons?: readonly number[]
}

/**
 * A detail page (product, order, customer, dispute) before it has its data: skeletons while it loads; after a
 * failure 'Something went wrong' with the reason and Refetch (hidden on 403 by EmptyState), or, on a 404, what is
 * missing and no Refetch, since asking again finds nothing more.
 */
export function DetailFallback({ back, query, notFound, skeletons = [200, 240] }: DetailFallbackProps) {
  return (
    <div className={detailStack}>
      {back}
      {isNotSavedOffline(query) ? (
        <Card>
          <NotSavedOffline />
        </Card>
      ) : query.isError ? (
        <Card>
          <QueryError query={query} notFound={notFound} />
        </Card>
      ) : (
        <div aria-busy="true" className={detailStack}>
          <Skeleton height={32} width="60%" />
          {skeletons.map((height, i) => (
            <Skeleton key={i} height={height} />
          ))}
        </div>
      )}
    </div>
  )
}
