import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

import { Icon, type IconName } from './icon'

const root = {
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  p: '3',
  borderRadius: 'control',
  bg: 'warning.subtle',
  color: 'warning.fg',
  textStyle: 'body.sm',
} as const
// Merged by css(), not joined as two classes: atomic classes of one property would leave the winner to CSS order.
const tones = {
  warning: css(root),
  danger: css(root, { bg: 'danger.subtle', color: 'danger.fg', fontWeight: 'medium' }),
}

/**
 * Why a form cannot do its work now, or what became of it (offline, nothing to refund, an outcome unknown), in
 * the form itself. 'alert' for what the user must read now; 'status' for a standing condition. The 'danger' tone
 * is for what stops the action outright (too little balance on Send Money's Confirm step).
 */
export function Notice({
  icon,
  role = 'status',
  tone = 'warning',
  children,
}: {
  icon: IconName
  role?: 'status' | 'alert'
  tone?: 'warning' | 'danger'
  children: ReactNode
}) {
  return (
    <p role={role} className={tones[tone]}>
      <Icon name={icon} size={18} />
      <span>{children}</span>
    </p>
  )
}
