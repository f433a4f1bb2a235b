import { useEffect, useRef, useState } from 'react'
import { errorMessage } from '../../../lib/api'
import { downloadText } from '../../../lib/csv'
import { useOnline } from '../../../lib/online'
import { Button } from '../../../ui/button'
import { Icon } from '../../../ui/icon'
import { notify } from '../../../ui/toast'
import { exportFileName, ordersCsv } from '../export'
import type { KindText } from '../kinds'
import { fetchAllOrders } from '../queries'
import type { OrderFilters } from '../search'

const count = (n: number) => n.toLocaleString('en-NG')

/**
 * Export CSV of exactly what the filters select (every page, not the one on screen): pages of 1,000 from the
 * API, the file built here (docs/decisions/039). Progress is shown as it goes; leaving the page cancels it.
 */
export function ExportOrdersButton({ filters, kind }: { filters: OrderFilters; kind: KindText }) {
  const online = useOnline()
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  async function run() {
    const controller = new AbortController()
    abort.current = controller
    setProgress({ loaded: 0, total: 0 })
    try {
      const rows = await fetchAllOrders(filters, (loaded, total) => setProgress({ loaded, total }), controller.signal)
      if (rows.length === 0) {
        notify.info(`No ${kind.plural.toLowerCase()} to export for these filters.`)
        return
      }
      downloadText(ordersCsv(rows), exportFileName(kind.kind))
      notify.success(`Exported ${count(rows.length)} ${rows.length === 1 ? kind.noun : kind.plural.toLowerCase()}`)
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
