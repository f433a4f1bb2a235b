import { useEffect, useRef, useState } from 'react'

import { errorMessage } from '../lib/api'
import { downloadText } from '../lib/csv'
import { notify } from '../lib/notify'
import { useOnline } from '../lib/online'
import { Button } from './button'
import { Icon } from './icon'
import { type Noun, nounFor } from './pagination'

const count = (n: number) => n.toLocaleString('en-NG')

export interface ExportButtonProps<T> {
  /** Every row the filters select, fetched page by page straight from the API (never through the query cache). */
  fetchRows: (onProgress: (loaded: number, total: number) => void, signal: AbortSignal) => Promise<T[]>
  /** The file for the rows: its CSV text and its name. */
  toFile: (rows: T[]) => { text: string; name: string }
  /** What a row is, for the toasts: 'transaction' and 'transactions'. */
  noun: Noun
}

/**
 * Export CSV of exactly what the filters select (every page, not just the rows on screen): the rows come from the
 * API in its largest pages and the file is built here. Progress is shown as it goes; leaving the page cancels it.
 */
export function ExportButton<T>({ fetchRows, toFile, noun }: ExportButtonProps<T>) {
  const online = useOnline()
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  async function run() {
    const controller = new AbortController()
    abort.current = controller
    setProgress({ loaded: 0, total: 0 })
    try {
      const rows = await fetchRows((loaded, total) => setProgress({ loaded, total }), controller.signal)
      if (rows.length === 0) {
        notify.info(`No ${noun.many} to export for these filters.`)
        return
      }
      const file = toFile(rows)
      downloadText(file.text, file.name)
      notify.success(`Exported ${count(rows.length)} ${nounFor(rows.length, noun)}`)
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
