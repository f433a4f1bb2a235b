import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

const link = cx(button({ variant: 'outline', size: 'md' }), css({ textDecoration: 'none' }))

/** To the statement screen for the main wallet, or for an outlet's. */
export function StatementLink({ outletId }: { outletId?: string }) {
  return (
    <Link to="/statement" search={outletId ? { outletId } : {}} className={link}>
      Statement
    </Link>
  )
}
