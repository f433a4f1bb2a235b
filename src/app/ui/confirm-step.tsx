import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

import { DetailList } from './detail-list'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const leadText = css({ color: 'fg.muted', textStyle: 'body.sm' })

/**
 * The confirm step of a money action authorised by the PIN (outlet transfers and refunds, decision 086): one line
 * on what authorises it, the details read back as rows (DetailRow), then whatever the sheet must say (children:
 * notices, a refusal).
 */
export function ConfirmStep({ lead, rows, children }: { lead: string; rows: ReactNode; children?: ReactNode }) {
  return (
    <div className={stack}>
      <p className={leadText}>{lead}</p>
      <DetailList>{rows}</DetailList>
      {children}
    </div>
  )
}
