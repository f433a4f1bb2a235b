import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'

import { IconButton } from './button'
import { sheetParts } from './dialog-parts'

// Decision 122 and 124: a sheet never opened draws nothing and loads none of Ark's dialog code.
const { Root, Backdrop, Positioner, Content, Title, Description, CloseTrigger, Handle, Header, Body, Footer } = sheetParts

interface Controlled {
  open: boolean
  onOpenChange: (open: boolean) => void
  onClose?: never
}

/** A sheet that is open while it is drawn (a route's sheet, a step of a task): Close, Escape and the backdrop call onClose. */
interface Closable {
  open?: never
  onOpenChange?: never
  onClose: () => void
}

export type SheetProps = (Controlled | Closable) & {
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  /** Actions pinned under the scrolling body (each child gets an equal share of the width). */
  footer?: ReactNode
}

/**
 * A task or an entity over the current page: a bottom sheet under 768px, a right-hand panel above.
 * Escape, the backdrop and the Close button all call onOpenChange(false); a route-driven sheet navigates back.
 */
export function Sheet({ open = true, onOpenChange, onClose, title, description, children, footer }: SheetProps) {
  return (
    <Root
      open={open}
      // Focus landing outside never closes a sheet: it is modal, so focus only leaves when something else moves it.
      // A sheet drawn in place of another (a loading sheet giving way to its form) opens as the first one hands
      // focus back to the link that opened it, and that closed the new sheet at once on a busy phone.
      onFocusOutside={(event) => event.preventDefault()}
      onOpenChange={(details) => {
        onOpenChange?.(details.open)
        if (!details.open) onClose?.()
      }}
    >
      <Portal>
        <Backdrop />
        <Positioner>
          <Content>
            {/* Only a visual cue that this is a sheet; dismissing is done with Close, Escape or the backdrop. */}
            <Handle aria-hidden="true" />
            <Header>
              <div>
                <Title>{title}</Title>
                {description ? <Description>{description}</Description> : null}
              </div>
              <CloseTrigger asChild>
                <IconButton label="Close" icon="close" />
              </CloseTrigger>
            </Header>
            <Body>{children}</Body>
            {footer ? <Footer>{footer}</Footer> : null}
          </Content>
        </Positioner>
      </Portal>
    </Root>
  )
}
