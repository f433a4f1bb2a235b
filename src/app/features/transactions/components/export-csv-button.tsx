import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '../../../lib/api'
import { downloadText } from '../../../lib/csv'
import { useOnline } from '../../../lib/online'
import type { TransactionListFilters } from '../../../lib/query-keys'
import { Button } from '../../../ui/button'
import { Icon } from '../../../ui/icon'
import { notify } from '../../../ui/toast'
import { exportFileName, transactionsCsv } from '../export'
import { fetchAllTransactions } from '../queries'

const count = (n: number) => n.toLocaleString('en-NG')

/**
 * Export CSV of exactly what the filters select (not just the rows scrolled to): pages of 1,000 from the API,
 * the file built here. Progress is shown as it goes; leaving the page cancels it.
 */
export function ExportCsvButton({ filters }: { filters: TransactionListFilters }) {
  const online = useOnline()
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  async function run() {
    const controller = new AbortController()
    abort.current = controller
    setProgress({ loaded: 0, total: 0 })
    try {
      const rows = await fetchAllTransactions(filters, (loaded, total) => setProgress({ loaded, total }), controller.signal)
      if (rows.length === 0) {
        notify.info('No transactions to export for these filters.')
        return
      }
      downloadText(transactionsCsv(rows), exportFileName(filters))
      notify.success(`Exported ${count(rows.length)} transaction${rows.length === 1 ? '' : 's'}`)
    } catch (error) {
      if (!controller.signal.aborted) notify.error(errorMessage(error))
    } finally {
      if (!controller.signal.aborted) setProgress(null)
    }
  }

  const busy = progress !== null
  return (
    <Button
      variant="outline"
      onClick={() => void run()}
      disabled={busy || !online}
      aria-busy={busy || undefined}
      title={online ? undefined : 'Connect to the internet to export'}
    >
      <Icon name="download" size={18} />
      {busy ? (progress.total > 0 ? `Exporting ${count(progress.loaded)} of ${count(progress.total)}` : 'Exporting…') : 'Export CSV'}
    </Button>
  )
}
