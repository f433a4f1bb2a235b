import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { formatPercent } from '#app/lib/format'
import { taxListQuery } from '#app/lib/selling-terms-lists'
import { Card } from '#app/ui/card'
import { EmptyState } from '#app/ui/empty-state'
import { Icon } from '#app/ui/icon'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'

const text = css({ textStyle: 'body.sm', color: 'fg.muted' })
const row = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  minH: '12',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})
const linkButton = cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none' }))

/** Settings → Taxes: the taxes orders are charged; added with VENDOR_SETTINGS, read by everyone. */
export function TaxesPanel({ canEdit }: { canEdit: boolean }) {
  const taxes = useQuery(taxListQuery())
  return (
    <Card
      title="Taxes"
      action={
        canEdit ? (
          <Link to="/settings/taxes/new" search={{ tab: 'taxes' }} className={linkButton}>
            <Icon name="plus" size={16} />
            Add Tax
          </Link>
        ) : null
      }
    >
      {canEdit ? null : <p className={text}>Only a team member with the settings permission can add taxes.</p>}
      {taxes.data ? (
        taxes.data.items.length > 0 ? (
          <ul aria-label="Taxes">
            {taxes.data.items.map((tax) => (
              <li key={tax.id} className={row}>
                <span className={css({ fontWeight: 'medium', minW: '0', overflowWrap: 'anywhere' })}>{tax.name}</span>
                <span className={css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>{formatPercent(tax.percentage)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title="No record found" description="Taxes you add are charged on your orders." />
        )
      ) : taxes.isError ? (
        <QueryError query={taxes} title="Could not load taxes" />
      ) : (
        <Skeleton count={3} height={32} />
      )}
    </Card>
  )
}
