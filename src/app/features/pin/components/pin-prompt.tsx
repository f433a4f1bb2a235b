import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'

import { Icon } from '#app/ui/icon'

import { pinStatusQuery } from '../queries'

const banner = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '4',
  borderRadius: 'card',
  bg: 'warning.subtle',
  color: 'warning.fg',
})

/** On Home, until a transaction PIN exists (or while it is locked): money cannot move without one. */
export function PinPrompt() {
  const status = useQuery({ ...pinStatusQuery() })
  if (!status.data || (status.data.hasPin && !status.data.locked)) return null
  return (
    <div role="status" className={banner}>
      <Icon name="lock" size={20} />
      <p className={css({ flex: '1' })}>
        {status.data.hasPin
          ? 'Your transaction PIN is locked after too many wrong tries.'
          : 'Create a transaction PIN to send money and change payouts.'}
      </p>
      <Link
        to="/settings"
        search={{ tab: 'security' }}
        className={css({ fontWeight: 'semibold', textDecoration: 'underline', whiteSpace: 'nowrap' })}
      >
        {status.data.hasPin ? 'Reset PIN' : 'Create PIN'}
      </Link>
    </div>
  )
}
