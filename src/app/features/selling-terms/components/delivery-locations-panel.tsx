import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { deliveryLocationListQuery } from '#app/lib/selling-terms-lists'
import { Card } from '#app/ui/card'
import { EmptyState } from '#app/ui/empty-state'
import { Icon } from '#app/ui/icon'
import { Money } from '#app/ui/money'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import { Switch } from '#app/ui/switch'
import type { DeliveryLocation } from '#contract/selling-terms'

import { useSetDeliveryLocationActive } from '../queries'

const text = css({ textStyle: 'body.sm', color: 'fg.muted' })
const row = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  pt: '3',
  pb: '1',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})
const top = css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '3' })
const bottom = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' })
const linkButton = (variant: 'outline' | 'ghost') => cx(button({ variant, size: 'sm' }), css({ textDecoration: 'none' }))

function LocationRow({ location: l, canEdit }: { location: DeliveryLocation; canEdit: boolean }) {
  const toggle = useSetDeliveryLocationActive()
  // While the change is on its way the switch shows where it is going, not where it was.
  const active = toggle.isPending && toggle.variables ? toggle.variables.isActive : l.isActive
  return (
    <li className={row}>
      <div className={top}>
        <p className={css({ fontWeight: 'medium', minW: '0', overflowWrap: 'anywhere' })}>{l.name}</p>
        <Money kobo={l.fee} />
      </div>
      {l.description ? <p className={cx(text, css({ lineClamp: '2', overflowWrap: 'anywhere' }))}>{l.description}</p> : null}
      <div className={bottom}>
        <Switch
          label={<span className={text}>Active</span>}
          name={`Active: ${l.name}`}
          checked={active}
          disabled={!canEdit || toggle.isPending}
          onChange={(isActive) => toggle.mutate({ id: l.id, isActive })}
        />
        {canEdit ? (
          <Link
            to="/settings/delivery-locations/$locationId"
            params={{ locationId: l.id }}
            search={{ tab: 'delivery-locations' }}
            className={linkButton('ghost')}
            aria-label={`Edit ${l.name}`}
          >
            <Icon name="edit" size={16} />
            Edit
          </Link>
        ) : null}
      </div>
    </li>
  )
}

/** Settings → Delivery: where the vendor delivers and for how much; only active locations are offered. */
export function DeliveryLocationsPanel({ canEdit }: { canEdit: boolean }) {
  const locations = useQuery(deliveryLocationListQuery())
  return (
    <Card
      title="Delivery locations"
      action={
        canEdit ? (
          <Link to="/settings/delivery-locations/new" search={{ tab: 'delivery-locations' }} className={linkButton('outline')}>
            <Icon name="plus" size={16} />
            Add location
          </Link>
        ) : null
      }
    >
      {canEdit ? null : <p className={text}>Only a team member with the settings permission can change delivery locations.</p>}
      {locations.data ? (
        locations.data.items.length > 0 ? (
          <ul aria-label="Delivery locations">
            {locations.data.items.map((location) => (
              <LocationRow key={location.id} location={location} canEdit={canEdit} />
            ))}
          </ul>
        ) : (
          <EmptyState title="No record found" description="Locations you add are offered to customers with their delivery fee." />
        )
      ) : locations.isError ? (
        <QueryError query={locations} title="Could not load delivery locations" />
      ) : (
        <Skeleton count={3} height={48} />
      )}
    </Card>
  )
}
