import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

import { Button } from './button'
import { dialogParts } from './dialog-parts'
import { Icon } from './icon'
import { PinInput } from './pin-input'

const { Root, Backdrop, Positioner, Content, Title, Description, IconSlot, Footer } = dialogParts

const errorText = css({ display: 'flex', alignItems: 'center', gap: '1.5', color: 'danger.fg', textStyle: 'body.sm', fontWeight: 'medium' })

const noticeText = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  color: 'warning.fg',
  textStyle: 'body.sm',
  fontWeight: 'medium',
})

export const PIN_LENGTH = 4

export interface PinDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title?: ReactNode
  description?: ReactNode
  /** The PIN typed so far; the caller owns it so it can clear it after a refusal and keep it for a retry. */
  pin: string
  onPinChange: (pin: string) => void
  /** Called with the 4 digits, when the last box is filled and when the submit button is pressed. */
  onSubmit: (pin: string) => void
  loading?: boolean
  /** The server's words ('Incorrect PIN. 4 attempts remaining.'), shown under the boxes. */
  error?: string | null
  /** Not a refusal: an outcome still being learnt ("still checking this transfer"), said under the boxes as news. */
  notice?: string | null
  submitLabel?: string
  /** Shown instead of the submit action's normal enabled state, e.g. offline. */
  disabledReason?: string | null
  /**
   * Called once the dialog has finished closing. A dialog that opens next (an outcome) must wait for this:
   * Ark dismisses every dialog stacked above one that is closing, so opening it sooner closes it at once.
   */
  onExitComplete?: () => void
}

/**
 * The transaction PIN step of a money action. Filling the fourth box submits at once (as banking apps do);
 * the button is there for a retry with the same PIN after a network failure. It cannot be dismissed while the
 * request is in flight, so nobody closes it thinking the payment was cancelled.
 */
export function PinDialog({
  open,
  onOpenChange,
  title = 'Enter your transaction PIN',
  description = 'Enter your 4-digit PIN to authorise this payment.',
  pin,
  onPinChange,
  onSubmit,
  loading = false,
  error,
  notice,
  submitLabel = 'Confirm',
  disabledReason,
  onExitComplete,
}: PinDialogProps) {
  const complete = pin.length === PIN_LENGTH
  return (
    <Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role="alertdialog"
      closeOnEscape={!loading}
      closeOnInteractOutside={!loading}
      tone={error ? 'danger' : 'info'}
      onExitComplete={onExitComplete}
    >
      <Portal>
        <Backdrop />
        <Positioner>
          <Content>
            <IconSlot>
              <Icon name="lock" size={26} />
            </IconSlot>
            <Title>{title}</Title>
            {description ? <Description>{description}</Description> : null}
            {/* Keyed by the error: after a refusal the boxes are cleared and remounted, so the first has focus. */}
            <div className={css({ mt: '3' })} key={error ?? ''}>
              <PinInput
                label="Transaction PIN"
                value={pin}
                onChange={onPinChange}
                onComplete={(code) => {
                  if (!loading && !disabledReason) onSubmit(code)
                }}
                invalid={Boolean(error)}
                disabled={loading}
                autoFocus
              />
            </div>
            {error ? (
              <p role="alert" className={errorText}>
                <Icon name="alert-circle" size={16} />
                {error}
              </p>
            ) : notice ? (
              <p role="status" className={noticeText}>
                <Icon name="refresh" size={16} />
                {notice}
              </p>
            ) : null}
            {disabledReason ? (
              <p role="status" className={css({ color: 'warning.fg', textStyle: 'body.sm' })}>
                {disabledReason}
              </p>
            ) : null}
            <Footer>
              <Button variant="outline" size="lg" disabled={loading} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button size="lg" loading={loading} disabled={!complete || Boolean(disabledReason)} onClick={() => onSubmit(pin)}>
                {submitLabel}
              </Button>
            </Footer>
          </Content>
        </Positioner>
      </Portal>
    </Root>
  )
}
