import { Portal } from '@ark-ui/react/portal'
import { type ReactNode, useRef } from 'react'

import { Button } from './button'
import { dialogParts } from './dialog-parts'
import { Icon, type IconName } from './icon'

const { Root, Backdrop, Positioner, Content, Title, Description, IconSlot, Footer } = dialogParts

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  /** Called on Proceed. The dialog stays open: close it (onOpenChange(false)) when the work succeeds. */
  onProceed: () => void
  /** While true Proceed spins, Cancel is disabled and the dialog cannot be dismissed mid-request. */
  loading?: boolean
  proceedLabel?: string
  cancelLabel?: string
  /**
   * Where focus goes once the dialog closes, when not back to what opened it: that may be gone (a removed row's
   * Remove button). Answering null keeps the default.
   */
  finalFocusEl?: () => HTMLElement | null
  /** Called once it has finished closing: a dialog or sheet that opens next must wait for this (see PinDialog). */
  onExitComplete?: () => void
  /** Between the description and the buttons: what Proceed needs (the account password to rotate an API key). */
  children?: ReactNode
}

/** Cancel / Proceed. An alertdialog: the first focus goes to Cancel, the choice that changes nothing. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  onProceed,
  loading = false,
  proceedLabel = 'Proceed',
  cancelLabel = 'Cancel',
  finalFocusEl,
  onExitComplete,
  children,
}: ConfirmDialogProps) {
  return (
    <Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      finalFocusEl={finalFocusEl}
      onExitComplete={onExitComplete}
      role="alertdialog"
      closeOnEscape={!loading}
      closeOnInteractOutside={!loading}
    >
      <Portal>
        <Backdrop />
        <Positioner>
          <Content>
            <Title>{title}</Title>
            {description ? <Description>{description}</Description> : null}
            {children}
            <Footer>
              <Button variant="outline" size="lg" disabled={loading} onClick={() => onOpenChange(false)}>
                {cancelLabel}
              </Button>
              <Button size="lg" loading={loading} onClick={onProceed}>
                {proceedLabel}
              </Button>
            </Footer>
          </Content>
        </Positioner>
      </Portal>
    </Root>
  )
}

export type InfoTone = 'success' | 'info' | 'warning'

const TONE_ICONS: Record<InfoTone, IconName> = { success: 'check', info: 'info', warning: 'warning' }

export interface InfoDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  actionLabel?: string
  /** Runs before the dialog closes itself. */
  onAction?: () => void
  tone?: InfoTone
  /**
   * False for an outcome that must be acknowledged (a payment's result): a tap or a focus change outside does
   * not close it, only its button and Escape. It also survives the focus moving back from a dialog that
   * closed as this one opened (the PIN dialog), which would otherwise count as interacting outside.
   */
  closeOnInteractOutside?: boolean
  /**
   * A second, outlined button beside the first (View receipt on a transfer's outcome). It does not close the
   * dialog: its onClick decides what comes next.
   */
  secondaryAction?: { label: string; onClick: () => void }
}

/** An outcome or a notice with one button (or two): 'Transfer Successful', 'Review Pending'. */
export function InfoDialog({
  open,
  onOpenChange,
  title,
  description,
  actionLabel = 'Okay',
  onAction,
  tone = 'info',
  closeOnInteractOutside = true,
  secondaryAction,
}: InfoDialogProps) {
  // The focus starts on the acknowledging button (Okay), not on a secondary one that comes first in the row.
  const primary = useRef<HTMLButtonElement>(null)
  return (
    <Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      tone={tone}
      closeOnInteractOutside={closeOnInteractOutside}
      initialFocusEl={() => primary.current}
    >
      <Portal>
        <Backdrop />
        <Positioner>
          <Content>
            <IconSlot>
              <Icon name={TONE_ICONS[tone]} size={28} />
            </IconSlot>
            <Title>{title}</Title>
            {description ? <Description>{description}</Description> : null}
            <Footer>
              {secondaryAction ? (
                <Button size="lg" variant="outline" onClick={secondaryAction.onClick}>
                  {secondaryAction.label}
                </Button>
              ) : null}
              <Button
                ref={primary}
                size="lg"
                onClick={() => {
                  onAction?.()
                  onOpenChange(false)
                }}
              >
                {actionLabel}
              </Button>
            </Footer>
          </Content>
        </Positioner>
      </Portal>
    </Root>
  )
}
