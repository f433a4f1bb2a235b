import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Icon } from '../../../ui/icon'
import type { KindText } from '../kinds'

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

/** '← Orders' or '← Invoices', above an order page or a create form. */
export function BackToList({ kind }: { kind: KindText }) {
  const content = (
    <>
      <Icon name="arrow-left" size={18} />
      {kind.plural}
    </>
  )
  return kind.kind === 'invoice' ? (
    <Link to="/invoices" className={back}>
      {content}
    </Link>
  ) : (
    <Link to="/orders" className={back}>
      {content}
    </Link>
  )
}
