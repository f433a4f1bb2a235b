import { Portal } from '@ark-ui/react/portal'
import { Toast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast'
import { createStyleContext } from 'styled-system/jsx'
import { toast } from 'styled-system/recipes'
import { IconButton } from './button'
import { Icon, type IconName } from './icon'

// One toaster for the whole app. Top of the screen on phones: the bottom is where the thumb, the keyboard and
// the sheet footers are. Below the 56 px header, so a toast never sits on the menu button. Three at most,
// stacked rather than piled, so each one stays readable.
export const toaster = createToaster({
  placement: 'top',
  max: 3,
  overlap: false,
  gap: 12,
  offsets: { top: '64px', right: '16px', bottom: '16px', left: '16px' },
})

// Errors stay up longer: they usually need reading, and the message is the server's own words.
const DURATION = { success: 4000, info: 5000, error: 7000 } as const

export const notify = {
  success: (message: string) => toaster.create({ title: message, type: 'success', duration: DURATION.success }),
  error: (message: string) => toaster.create({ title: message, type: 'error', duration: DURATION.error }),
  info: (message: string) => toaster.create({ title: message, type: 'info', duration: DURATION.info }),
}

const styles = toast()
const { withProvider, withContext } = createStyleContext(toast)
const Root = withProvider(Toast.Root, 'root')
const Title = withContext(Toast.Title, 'title')
const Description = withContext(Toast.Description, 'description')
const CloseTrigger = withContext(Toast.CloseTrigger, 'closeTrigger')

const ICONS: Record<string, IconName> = { success: 'check', error: 'alert-circle', info: 'info' }

/** Mount once, near the root of the app. */
export function Toaster() {
  return (
    <Portal>
      <ArkToaster toaster={toaster} className={styles.group}>
        {(item) => (
          // Errors interrupt (role alert); everything else waits for a pause (role status, Ark's default).
          <Root role={item.type === 'error' ? 'alert' : 'status'}>
            <span className={styles.icon}>
              <Icon name={ICONS[item.type ?? 'info'] ?? 'info'} size={20} />
            </span>
            <div>
              <Title>{item.title}</Title>
              {item.description ? <Description>{item.description}</Description> : null}
            </div>
            <CloseTrigger asChild>
              <IconButton label="Dismiss notification" icon="close" size="sm" />
            </CloseTrigger>
          </Root>
        )}
      </ArkToaster>
    </Portal>
  )
}
