import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'

import { Card } from '#app/ui/card'
import { Icon } from '#app/ui/icon'

const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: 'touch',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { color: 'accent.fg' },
})
const words = css({ flex: '1', minW: '0' })
const name = css({ display: 'block', fontWeight: 'medium' })
const helper = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted' })

/**
 * The Settings card that opens Settings → Developers (API keys) and Settings → Webhooks, for those who may manage
 * them (VENDOR_DEVELOPERS; the owner). One card, so an integrator finds both where they look first.
 */
export function DevelopersRow() {
  return (
    <Card title="Developers">
      <Link to="/settings/developers" className={row}>
        <span className={words}>
          <span className={name}>API keys</span>
          <span className={helper}>Connect your website, shop or accounting tool</span>
        </span>
        <Icon name="chevron-right" size={20} />
      </Link>
      <Link to="/settings/webhooks" className={row}>
        <span className={words}>
          <span className={name}>Webhooks</span>
          <span className={helper}>Send payments and orders to your own server as they happen</span>
        </span>
        <Icon name="chevron-right" size={20} />
      </Link>
    </Card>
  )
}
