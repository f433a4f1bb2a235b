import { useState } from 'react'

import { notify } from '#app/lib/notify'
import { useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { Icon } from '#app/ui/icon'

import type { AccountDetails } from '../account-card-pdf'

/** Builds and downloads the account card PDF; the PDF code itself is fetched on the first press. */
export function AccountCardButton({ details, variant = 'outline' }: { details: AccountDetails; variant?: 'solid' | 'outline' }) {
  const [busy, setBusy] = useState(false)
  const online = useOnline()
  async function download() {
    setBusy(true)
    try {
      const { downloadAccountCard } = await import('../account-card-pdf')
      await downloadAccountCard(details)
      notify.success('Account card downloaded')
    } catch {
      // Offline on a device that has never made a card, the PDF code cannot be fetched.
      notify.error(
        online ? 'Could not create the account card. Please try again.' : 'Connect to the internet to download the account card.',
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant={variant} loading={busy} onClick={() => void download()}>
      <Icon name="download" size={18} />
      Download account card
    </Button>
  )
}
