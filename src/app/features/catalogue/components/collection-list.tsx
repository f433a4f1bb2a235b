import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'

import { formatCount } from '#app/lib/format'
import type { CollectionListFilters } from '#app/lib/query-keys'
import { Badge } from '#app/ui/badge'
import { Icon } from '#app/ui/icon'
import { rowMeta, rowName } from '#app/ui/row-text'
import { Switch } from '#app/ui/switch'
import { UrlPagedList, type UrlPaging } from '#app/ui/url-paged-list'
import type { Collection } from '#contract/catalogue'

import { collectionListQuery, useSetCollectionVisibility } from '../queries'

const row = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})
const link = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '14',
  color: 'fg.default',
  textDecoration: 'none',
  minW: '0',
  _hover: { color: 'accent.fg' },
})
const description = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', lineClamp: '2' })

const products = (n: number) => formatCount(n, 'product')

function CollectionRow({ collection: c }: { collection: Collection }) {
  const visibility = useSetCollectionVisibility()
  const visible = visibility.isPending ? visibility.variables.isVisible : c.isVisible
  return (
    <li className={row} data-testid="collection-row">
      <Link
        to="/products/collections/$collectionId"
        params={{ collectionId: c.id }}
        search={(prev) => prev}
        className={link}
        aria-label={`Update ${c.name}`}
      >
        <span className={css({ minW: '0', flex: '1' })}>
          <span className={rowName}>{c.name}</span>
          {c.description ? <span className={description}>{c.description}</span> : null}
          <span className={rowMeta}>
            <span>{products(c.productCount)}</span>
            <Badge tone={c.isVisible ? 'success' : 'neutral'}>{c.isVisible ? 'Visible' : 'Hidden'}</Badge>
          </span>
        </span>
        <Icon name="edit" size={16} />
      </Link>
      <Switch
        label="Show"
        name={`${c.name}: Show`}
        compact
        checked={visible}
        disabled={visibility.isPending}
        onChange={(isVisible) => visibility.mutate({ id: c.id, isVisible })}
      />
    </li>
  )
}

export type CollectionListProps = UrlPaging<CollectionListFilters>

/** The vendor's collections, newest first, a page at a time, each with its visibility toggle. */
export function CollectionList(paging: CollectionListProps) {
  const query = useQuery(collectionListQuery(paging.filters))
  return (
    <UrlPagedList
      query={query}
      {...paging}
      label="Collections"
      noun={{ one: 'collection', many: 'collections' }}
      emptyText="Collections group your products, e.g. Drinks or Weekend specials."
    >
      {(items) => items.map((c) => <CollectionRow key={c.id} collection={c} />)}
    </UrlPagedList>
  )
}
