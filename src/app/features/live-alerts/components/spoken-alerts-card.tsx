import { Card } from '#app/ui/card'
import { Switch } from '#app/ui/switch'

import { setSpokenAlerts, speak, speechAvailable, useSpokenAlerts } from '../spoken-setting'

/**
 * Settings → Profile: "Announce payments aloud", for a busy counter (issue 22). This device only; turning it on
 * says a sample, which also lets the browser speak later without a tap first.
 */
export function SpokenAlertsCard() {
  const on = useSpokenAlerts()
  const available = speechAvailable()
  return (
    <Card title="This device">
      <Switch
        label="Announce payments aloud"
        description={
          available
            ? 'Says “Five thousand naira received” when a payment arrives while the app is open. Only on this device.'
            : 'This browser cannot speak. Payments still show as they arrive.'
        }
        checked={on && available}
        disabled={!available}
        onChange={(checked) => {
          setSpokenAlerts(checked)
          if (checked) speak('Payments will be announced')
        }}
      />
    </Card>
  )
}
