import { useEffect, useRef, useState } from 'react'

import { errorMessage } from '../lib/api'
import { notify } from '../lib/notify'
import { useOnline } from '../lib/online'
import { downloadBlob } from '../lib/share'
import { Button } from './button'
import { Icon } from './icon'
import { type Noun, nounFor } from './pagination'

const count = (n: number) => n.toLocaleString('en-NG')

/** A made export: the file, the name it is saved under and how many rows it holds. */
export interface ExportedFile {
  blob: Blob
  name: string
  rows: number
}

export interface ExportButtonProps {
  /**
   * The file of every row the filters select (never through the query cache), reporting rows as they arrive and
   * the total when it is known.
   */
  exportFile: (onProgress: (loaded: number, total?: number) => void, signal: AbortSignal) => Promise<ExportedFile>
  /** What a row is, for the toasts: 'transaction' and 'transactions'. */
  noun: Noun
}

/**
 * Export CSV of exactly what the filters select (every row, not just those on screen). Progress is shown as it
 * goes; leaving the page cancels it. An export of nothing saves no file and says so.
 */
export function ExportButton({ exportFile, noun }: ExportButtonProps) {
  const online = useOnline()
  const [progress, setProgress] = useState<{ loaded: number; total?: number } | null>(null)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  async function run() {
    const controller = new AbortController()
    abort.current = controller
    setProgress({ loaded: 0 })
    try {
      const file = await exportFile((loaded, total) => setProgress({ loaded, total }), controller.signal)
      if (file.rows === 0) {
        notify.info(`No ${noun.many} to export for these filters.`)
        return
      }
      downloadBlob(file.blob, file.name)
      notify.success(`Exported ${count(file.rows)} ${nounFor(file.rows, noun)}`)
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
      {busy ? busyLabel(progress) : 'Export CSV'}
    </Button>
  )
}

function busyLabel({ loaded, total }: { loaded: number; total?: number }): string {
  if (total) return `Exporting ${count(loaded)} of ${count(total)}`
  return loaded > 0 ? `Exporting ${count(loaded)}…` : 'Exporting…'
}
