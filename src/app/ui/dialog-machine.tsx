import { Dialog } from '@ark-ui/react/dialog'
import { createStyleContext } from 'styled-system/jsx'
import { dialog, sheet } from 'styled-system/recipes'

/*
 * Decision 124: Ark's dialog (zag's dialog machine, focus trap, dismissal, scroll lock) and Panda's style contexts
 * for the dialog and sheet recipes, in a chunk of their own. ui/dialog-parts.tsx loads it when a dialog first opens,
 * or at idle once the signed-in shell is up: no first screen draws a dialog, so none waits for this code.
 */

// Mounted only while open (lazyMount) and removed after the closing animation (unmountOnExit), so a sheet's form
// state starts fresh each time and a closed dialog costs nothing.
const defaultProps = { lazyMount: true, unmountOnExit: true }

const dialogStyle = createStyleContext(dialog)
export const dialogParts = {
  Root: dialogStyle.withRootProvider(Dialog.Root, { defaultProps }),
  Backdrop: dialogStyle.withContext(Dialog.Backdrop, 'backdrop'),
  Positioner: dialogStyle.withContext(Dialog.Positioner, 'positioner'),
  Content: dialogStyle.withContext(Dialog.Content, 'content'),
  Title: dialogStyle.withContext(Dialog.Title, 'title'),
  Description: dialogStyle.withContext(Dialog.Description, 'description'),
  IconSlot: dialogStyle.withContext('div', 'icon'),
  Footer: dialogStyle.withContext('div', 'footer'),
}

const sheetStyle = createStyleContext(sheet)
export const sheetParts = {
  Root: sheetStyle.withRootProvider(Dialog.Root, { defaultProps }),
  Backdrop: sheetStyle.withContext(Dialog.Backdrop, 'backdrop'),
  Positioner: sheetStyle.withContext(Dialog.Positioner, 'positioner'),
  Content: sheetStyle.withContext(Dialog.Content, 'content'),
  Title: sheetStyle.withContext(Dialog.Title, 'title'),
  Description: sheetStyle.withContext(Dialog.Description, 'description'),
  CloseTrigger: sheetStyle.withContext(Dialog.CloseTrigger, 'closeTrigger'),
  Handle: sheetStyle.withContext('div', 'handle'),
  Header: sheetStyle.withContext('div', 'header'),
  Body: sheetStyle.withContext('div', 'body'),
  Footer: sheetStyle.withContext('div', 'footer'),
}
