import { useQuery } from '@tanstack/react-query'

import { useOnline } from '#app/lib/online'
import { Card } from '#app/ui/card'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import { Switch } from '#app/ui/switch'

import { paymentSmsQuery, useSetPaymentSms } from '../queries'

/**
 * Settings → Profile, for the owner only (the text goes to the owner's phone): an SMS for each payment received
 * while the app is closed (issue 37). Beside "This device", which speaks payments while the app is open.
 */
export function PaymentSmsCard() {
  const setting = useQuery(paymentSmsQuery())
  const change = useSetPaymentSms()
  const online = useOnline()
  const data = setting.data
  return (
    <Card title="Text messages">
      {data ? (
        <Switch
          label="Text me payments when the app is closed"
          description={
            data.sentTo
              ? `An SMS to ${data.sentTo} for each payment, like “₦5,000 received from Chioma Okeke”. Not sent while the app is open.`
              : 'Add a phone number to your account to receive these texts.'
          }
          checked={change.isPending && change.variables !== undefined ? change.variables : data.isEnabled}
          disabled={!online || change.isPending || (!data.sentTo && !data.isEnabled)}
          onChange={(checked) => change.mutate(checked)}
        />
      ) : setting.isError ? (
        <QueryError query={setting} title="Could not load the text message setting" />
      ) : (
        <Skeleton count={1} height="44px" />
      )}
    </Card>
  )
}
