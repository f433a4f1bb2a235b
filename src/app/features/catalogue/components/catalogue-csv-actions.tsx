import { css } from 'styled-system/css'

import { Button } from '#app/ui/button'
import { ExportButton } from '#app/ui/export-button'
import { Icon } from '#app/ui/icon'

import { exportCatalogue } from '../csv'

const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })

/** Under the products tabs: Select (bulk edit), Import CSV and Export CSV of the whole catalogue (issue 41). */
export function CatalogueCsvActions({ selecting, onSelect, onImport }: { selecting: boolean; onSelect: () => void; onImport: () => void }) {
  return (
    <div className={row}>
      <Button variant="outline" onClick={onSelect} aria-pressed={selecting}>
        <Icon name="check" size={18} />
        Select
      </Button>
      <Button variant="outline" onClick={onImport}>
        <Icon name="plus" size={18} />
        Import CSV
      </Button>
      <ExportButton exportFile={(onProgress, signal) => exportCatalogue(onProgress, signal)} noun={{ one: 'row', many: 'rows' }} />
    </div>
  )
}
