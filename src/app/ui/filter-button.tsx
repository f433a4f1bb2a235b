import { css } from 'styled-system/css'

import { Button } from './button'
import { Icon } from './icon'

const badge = css({
  display: 'inline-grid',
  placeItems: 'center',
  minW: '5',
  h: '5',
  px: '1',
  borderRadius: 'full',
  bg: 'accent.default',
  color: 'fg.onAccent',
  textStyle: 'caption',
})

/** Opens a list's filter sheet; says how many filters are on, in its name too (the badge alone is visual). */
export function FilterButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick} aria-label={count ? `Filter, ${count} on` : 'Filter'}>
      <Icon name="filter" size={18} />
      Filter
      {count ? (
        <span className={badge} aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Button>
  )
}
