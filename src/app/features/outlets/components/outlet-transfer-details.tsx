import type { ReactNode } from 'react'
import { stack } from 'styled-system/patterns'

import { DetailList, DetailRow } from '#app/ui/detail-list'

const fields = stack({ gap: '4' })

/**
 * The first step of an outlet transfer: which way the money goes, and the fields (children). A form, so Enter in
 * a field proceeds like the sheet's Proceed button (which reaches it by `formId`).
 */
export function OutletTransferDetails({
  formId,
  onSubmit,
  from,
  to,
  children,
}: {
  formId: string
  onSubmit: () => void
  from: string
  to: string
  children: ReactNode
}) {
  return (
    <form
      id={formId}
      noValidate
      className={fields}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <DetailList>
        <DetailRow label="From">{from}</DetailRow>
        <DetailRow label="To">{to}</DetailRow>
      </DetailList>
      {children}
    </form>
  )
}
