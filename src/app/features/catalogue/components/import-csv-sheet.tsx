import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { useOnline } from '#app/lib/online'
import { Button } from '#app/ui/button'
import { FileChoice } from '#app/ui/file-choice'
import { Sheet } from '#app/ui/sheet'
import { Spinner } from '#app/ui/spinner'
import { MAX_IMPORT_CSV_CHARS } from '#contract/catalogue-csv'

import { useCheckImport, useImportCatalogue } from '../csv'
import { ImportReportView } from './import-report'

/*
 * Import CSV (issue 41): a file is checked as soon as it is chosen (the dry run: nothing written) and the sheet
 * shows what the import will add, update and refuse, line by line; "Import" then sends the same text, imported in
 * one transaction. The file is our export's columns or a Shopify product export.
 */

const helper = css({ textStyle: 'body.sm', color: 'fg.muted' })

export function ImportCsvSheet({ onClose }: { onClose: () => void }) {
  const online = useOnline()
  const [file, setFile] = useState<File | null>(null)
  const [text, setText] = useState<string | null>(null)
  const check = useCheckImport()
  const run = useImportCatalogue()
  const report = check.data?.data
  const toImport = report ? report.created + report.updated : 0

  async function choose(chosen: File | null) {
    setFile(chosen)
    setText(null)
    check.reset()
    if (!chosen) return
    const read = await chosen.text()
    setText(read)
    check.mutate(read)
  }

  return (
    <Sheet
      onClose={onClose}
      title="Import products"
      description="A CSV exported here, or a Shopify product export. You see what will change before anything is saved."
      footer={
        <>
          <Button variant="outline" size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button
            size="lg"
            disabled={!report || toImport === 0 || !online || !text}
            loading={run.isPending}
            onClick={() => text && run.mutate(text, { onSuccess: onClose })}
          >
            {report && toImport > 0 ? `Import ${toImport.toLocaleString('en-NG')}` : 'Import'}
          </Button>
        </>
      }
    >
      <div className={stack({ gap: '4' })}>
        <FileChoice
          label="CSV file"
          pickLabel="Choose a CSV file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          check={(f) => (f.size > MAX_IMPORT_CSV_CHARS ? 'The file is larger than 8 MB' : null)}
          helper="One row per variant. Rows of one product share its Handle."
        />
        {check.isPending ? (
          <p className={css({ display: 'flex', gap: '2', alignItems: 'center' })} role="status">
            <Spinner size="sm" /> Checking the file…
          </p>
        ) : null}
        {report ? <ImportReportView report={report} /> : null}
        {report && toImport === 0 ? (
          <p className={helper}>Nothing to import: every product is refused or already as the file says.</p>
        ) : null}
      </div>
    </Sheet>
  )
}
