import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { errorMessage } from '#app/lib/api'
import { formatCount } from '#app/lib/format'
import { notify } from '#app/lib/notify'
import { useOnline } from '#app/lib/online'
import type { StatementDays } from '#app/lib/query-keys'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { Money } from '#app/ui/money'
import { NetFigureTiles } from '#app/ui/net-figures'
import { isNotSavedOffline, NotSavedOffline } from '#app/ui/not-saved'
import { QueryError } from '#app/ui/query-error'
import { CardSkeleton } from '#app/ui/screen-skeleton'
import { STATEMENT_TOTAL_LABELS } from '#contract/statements'

import { downloadStatement, type StatementFormat } from '../download'
import { statementQuery } from '../queries'

const dayShown = (day: string) => day.split('-').reverse().join('/')
const actions = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })
const strong = css({ '& dd': { fontWeight: 'bold' } })
const subheading = css({ textStyle: 'title.sm', color: 'fg.default' })

/**
 * A wallet's statement for Lagos days (decision 178): its balances and totals here, its lines in the PDF or CSV the
 * server writes (a year of a busy wallet is too many rows for a phone's screen, and the bank wants the file).
 */
export function StatementView({ days, outletId }: { days: StatementDays; outletId?: string }) {
  const statement = useQuery(statementQuery(days, outletId))
  const online = useOnline()
  const [busy, setBusy] = useState<StatementFormat | null>(null)
  const s = statement.data
  const L = STATEMENT_TOTAL_LABELS

  async function download(format: StatementFormat, walletName: string) {
    setBusy(format)
    try {
      await downloadStatement(format, days, { outletId, name: walletName })
      notify.success(`Statement downloaded (${format.toUpperCase()})`)
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  if (isNotSavedOffline(statement)) return <NotSavedOffline />
  if (statement.isError && !s) return <QueryError query={statement} />
  if (!s) return <CardSkeleton rows={7} rowHeight={36} height={380} />
  return (
    <div className={stack({ gap: '4' })}>
      <Card title={`${s.walletName}: ${dayShown(s.from)} to ${dayShown(s.to)}`}>
        <div className={stack({ gap: '4' })}>
          <DetailList>
            {s.accountNumber ? <DetailRow label="Account">{`${s.bankName ?? ''} ${s.accountNumber}`.trim()}</DetailRow> : null}
            <DetailRow label={L.openingBalance} className={strong}>
              <Money kobo={s.openingBalance} />
            </DetailRow>
            <DetailRow label={L.moneyIn}>
              <Money kobo={s.moneyIn} />
            </DetailRow>
            <DetailRow label={L.moneyOut}>
              <Money kobo={s.moneyOut} />
            </DetailRow>
            <DetailRow label={L.closingBalance} className={strong}>
              <Money kobo={s.closingBalance} />
            </DetailRow>
            <DetailRow label="Lines">{formatCount(s.entryCount, 'transaction')}</DetailRow>
          </DetailList>
          <h3 className={subheading}>What was settled</h3>
          <NetFigureTiles figures={s} />
        </div>
      </Card>
      <div className={actions}>
        <Button
          variant="solid"
          loading={busy === 'pdf'}
          disabled={!online || busy !== null}
          onClick={() => void download('pdf', s.walletName)}
        >
          Download PDF
        </Button>
        <Button
          variant="outline"
          loading={busy === 'csv'}
          disabled={!online || busy !== null}
          onClick={() => void download('csv', s.walletName)}
        >
          Download CSV
        </Button>
      </div>
    </div>
  )
}
