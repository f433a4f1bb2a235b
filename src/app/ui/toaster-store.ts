import { createToaster } from '@ark-ui/react/toast'

/*
 * The one toaster of the app: Ark's toast store. It loads after the first screen with the view that draws it
 * (decision 082); `notify` in ./toast reaches it through a dynamic import, so the first screen does not carry
 * zag's toast machine.
 */

// Top of the screen on phones: the bottom is where the thumb, the keyboard and the sheet footers are. Below the
// 56 px header, so a toast never sits on the menu button. Three at most, stacked rather than piled, so each one
// stays readable.
export const toaster = createToaster({
  placement: 'top',
  max: 3,
  overlap: false,
  gap: 12,
  offsets: { top: '64px', right: '16px', bottom: '16px', left: '16px' },
})
