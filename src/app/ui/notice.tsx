import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Icon, type IconName } from './icon'

const root = css({
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  p: '3',
  borderRadius: 'control',
  bg: 'warning.subtle',
  color: 'warning.fg',
  textStyle: 'body.sm',
})

/**
 * Why a form cannot do its work now, or what became of it (offline, nothing to refund, an outcome unknown), in
 * the form itself. 'alert' for what the user must read now; 'status' for a standing condition.
 */
export function Notice({ icon, role = 'status', children }: { icon: IconName; role?: 'status' | 'alert'; children: ReactNode }) {
  return (
    <p role={role} className={root}>
      <Icon name={icon} size={18} />
      <span>{children}</span>
    </p>
  )
}
