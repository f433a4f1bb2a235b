import { useState } from 'react'
import { css } from 'styled-system/css'

import { apiFile, errorMessage } from '#app/lib/api'
import { notify } from '#app/lib/notify'
import { useOnline } from '#app/lib/online'
import { downloadBlob } from '#app/lib/share'
import { Button } from '#app/ui/button'
import { Icon } from '#app/ui/icon'
import { creditNoteEndpoints, creditNoteFileName } from '#contract/credit-notes'

/**
 * A refund's credit note as the server writes it (decision 195): one request, saved under its number. Offline it
 * waits (the order page itself still shows from the cache): the file is written when asked, never kept.
 */
export function CreditNoteButton({ number }: { number: string }) {
  const online = useOnline()
  const [busy, setBusy] = useState(false)

  async function download() {
    setBusy(true)
    try {
      const response = await apiFile(creditNoteEndpoints.creditNotePdf, { query: { number } })
      downloadBlob(await response.blob(), creditNoteFileName(number))
      notify.success(`Credit note ${number} downloaded`)
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button
      variant="outline"
      size="sm"
      className={css({ mt: '2', alignSelf: 'flex-start' })}
      aria-label={`Download credit note ${number}`}
      loading={busy}
      disabled={!online}
      onClick={() => void download()}
    >
      <Icon name="download" size={16} />
      Download credit note
    </Button>
  )
}
