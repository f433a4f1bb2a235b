import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Button } from './button'
import { DetailList } from './detail-list'

const column = stack({ gap: '4' })
const leadText = css({ color: 'fg.muted', textStyle: 'body.sm' })

/**
 * The confirm step of a money action authorised by the PIN (outlet transfers and refunds, decision 086): one line
 * on what authorises it, the details read back as rows (DetailRow), then whatever the sheet must say (children:
 * notices, a refusal).
 */
export function ConfirmStep({ lead, rows, children }: { lead: string; rows: ReactNode; children?: ReactNode }) {
  return (
    <div className={column}>
      <p className={leadText}>{lead}</p>
      <DetailList>{rows}</DetailList>
      {children}
    </div>
  )
}

export interface StepFooterProps {
  /** On the confirm step: Back and the PIN-authorised action; on the details step: Cancel and the form's submit. */
  confirming: boolean
  /** The details form the Proceed button submits. */
  formId: string
  proceedLabel: string
  canProceed: boolean
  onCancel: () => void
  onBack: () => void
  confirmLabel: string
  canConfirm: boolean
  onConfirm: () => void
}

/** The footer of a two-step money sheet (refund, outlet transfer): details, then confirm before the PIN. */
export function StepFooter({
  confirming,
  formId,
  proceedLabel,
  canProceed,
  onCancel,
  onBack,
  confirmLabel,
  canConfirm,
  onConfirm,
}: StepFooterProps) {
  return confirming ? (
    <>
      <Button variant="outline" size="lg" onClick={onBack}>
        Back
      </Button>
      <Button size="lg" disabled={!canConfirm} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </>
  ) : (
    <>
      <Button variant="outline" size="lg" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" size="lg" form={formId} disabled={!canProceed}>
        {proceedLabel}
      </Button>
    </>
  )
}
