import { type Dispatch, type ReactNode, type SetStateAction, useEffect, useState } from 'react'
import { stack } from 'styled-system/patterns'

import { Button } from './button'
import { Sheet } from './sheet'

/**
 * A filter sheet's choices as a draft, taken afresh from the applied filters each time the sheet opens: the list
 * (and the URL) change once at Apply, not at every tap, and closing without applying forgets the draft.
 */
export function useFilterDraft<D>(open: boolean, fromApplied: () => D): [D, Dispatch<SetStateAction<D>>] {
  const [draft, setDraft] = useState(fromApplied)
  useEffect(() => {
    if (open) setDraft(fromApplied())
    // Only on opening: later URL changes while the sheet is open must not wipe the user's choices.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fromApplied is read at the moment of opening, on purpose
  }, [open])
  return [draft, setDraft]
}

export interface FilterSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** Clear filters: the page drops them; the sheet closes. */
  onClear: () => void
  /** Apply: the page takes the draft and the sheet closes, unless this returns false (a required choice is missing). */
  onApply: () => boolean | void
  applyDisabled?: boolean
  children: ReactNode
}

const body = stack({ gap: '6' })

/** Filter Transactions, Filter Products, Filter Collections: the choices, then Clear filters and Apply. */
export function FilterSheet({ open, onOpenChange, title, onClear, onApply, applyDisabled, children }: FilterSheetProps) {
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => {
              onClear()
              onOpenChange(false)
            }}
          >
            Clear filters
          </Button>
          <Button
            disabled={applyDisabled}
            onClick={() => {
              if (onApply() !== false) onOpenChange(false)
            }}
          >
            Apply
          </Button>
        </>
      }
    >
      <div className={body}>{children}</div>
    </Sheet>
  )
}
