import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'

import { usePermission } from '#app/lib/permissions'
import { Card } from '#app/ui/card'
import { Icon } from '#app/ui/icon'

const link = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  minH: 'touch',
  color: 'fg.default',
  textDecoration: 'none',
})
const muted = css({ textStyle: 'body.sm', color: 'fg.muted' })

/** The Settings row that leads to Webhooks, for those who may manage them (VENDOR_DEVELOPERS; the owner). */
export function WebhooksLinkCard() {
  if (!usePermission('VENDOR_DEVELOPERS')) return null
  return (
    <Card>
      <Link to="/settings/webhooks" className={link}>
        <span>
          <span className={css({ fontWeight: 'medium', display: 'block' })}>Webhooks</span>
          <span className={muted}>Send payments and orders to your own server as they happen</span>
        </span>
        <Icon name="chevron-right" size={20} />
      </Link>
    </Card>
  )
}
