import { Portal } from '@ark-ui/react/portal'
import { Toast, Toaster as ArkToaster } from '@ark-ui/react/toast'
import { createStyleContext } from 'styled-system/jsx'
import { toast } from 'styled-system/recipes'

import { IconButton } from './button'
import { Icon, type IconName } from './icon'
import { toaster } from './toaster-store'

/* What draws the toasts `notify` creates; loaded lazily by ./toast (toasts created before it loads wait in the store). */

const styles = toast()
const { withProvider, withContext } = createStyleContext(toast)
const Root = withProvider(Toast.Root, 'root')
const Title = withContext(Toast.Title, 'title')
const Description = withContext(Toast.Description, 'description')
const CloseTrigger = withContext(Toast.CloseTrigger, 'closeTrigger')

const ICONS: Record<string, IconName> = { success: 'check', error: 'alert-circle', info: 'info' }

export default function ToasterView() {
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
