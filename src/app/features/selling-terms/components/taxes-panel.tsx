import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { formatPercent } from '#app/lib/format'
import { taxListQuery } from '#app/lib/selling-terms-lists'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { ConfirmDialog } from '#app/ui/dialog'
import { EmptyState } from '#app/ui/empty-state'
import { Icon } from '#app/ui/icon'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import type { Tax } from '#contract/selling-terms'

import { useDeleteTax } from '../queries'

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
const linkButton = (variant: 'outline' | 'ghost') => cx(button({ variant, size: 'sm' }), css({ textDecoration: 'none' }))
const actions = css({ display: 'flex', alignItems: 'center', gap: '1', flexShrink: '0' })

/** Settings → Taxes: the taxes orders are charged; added with VENDOR_SETTINGS, read by everyone. */
export function TaxesPanel({ canEdit }: { canEdit: boolean }) {
  const taxes = useQuery(taxListQuery())
  const remove = useDeleteTax()
  const [target, setTarget] = useState<Tax | null>(null)
  return (
    <Card
      title="Taxes"
      action={
        canEdit ? (
          <Link to="/settings/taxes/new" search={{ tab: 'taxes' }} className={linkButton('outline')}>
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
                <span className={css({ display: 'flex', flexDirection: 'column', minW: '0' })}>
                  <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{tax.name}</span>
                  <span className={cx(text, css({ fontVariantNumeric: 'tabular-nums' }))}>{formatPercent(tax.percentage)}</span>
                </span>
                {canEdit ? (
                  <span className={actions}>
                    <Link
                      to="/settings/taxes/$taxId"
                      params={{ taxId: tax.id }}
                      search={{ tab: 'taxes' }}
                      className={linkButton('ghost')}
                      aria-label={`Edit ${tax.name}`}
                    >
                      <Icon name="edit" size={16} />
                      Edit
                    </Link>
                    <Button variant="ghost" size="sm" aria-label={`Delete ${tax.name}`} onClick={() => setTarget(tax)}>
                      Delete
                    </Button>
                  </span>
                ) : null}
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
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => (open ? null : setTarget(null))}
        title={`Delete ${target?.name ?? 'tax'}?`}
        description="New orders can no longer be charged it. Orders already taken keep the tax they were charged."
        proceedLabel="Delete"
        loading={remove.isPending}
        // The row (and its Delete button) is gone once deleted: focus the list's heading action instead.
        finalFocusEl={() => document.querySelector<HTMLElement>('a[href^="/settings/taxes/new"]')}
        onProceed={() => target && remove.mutate(target.id, { onSettled: () => setTarget(null) })}
      />
    </Card>
  )
}
