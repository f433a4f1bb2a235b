import { describe, expect, it } from 'vitest'

import { csvRecordCounter } from '#app/lib/csv'
import { csvField, toCsv } from '#contract/csv'
import type { Transaction } from '#contract/transactions'
import { TRANSACTION_CSV_COLUMNS, transactionsFileName as exportFileName } from '#contract/transactions-csv'

import { transaction } from '../app/fixtures'

const transactionsCsv = (rows: Transaction[]) => toCsv(rows, TRANSACTION_CSV_COLUMNS)

describe('CSV building', () => {
  it('quotes fields with commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('Obi, Chukwuemeka')).toBe('"Obi, Chukwuemeka"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(null)).toBe('')
    expect(csvField(undefined)).toBe('')
  })

  it('neutralises text a spreadsheet would run as a formula, but not our numbers', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvField('+2348031234567')).toBe("'+2348031234567")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField(-5)).toBe('-5')
    // A negative amount kept as text for its decimals (a statement's net settled below zero) stays a number.
    expect(csvField('-1500.00')).toBe('-1500.00')
    expect(csvField('-1500.00+A1')).toBe("'-1500.00+A1")
    expect(csvField('-')).toBe("'-")
  })

  it('writes a header row and CRLF line ends', () => {
    const csv = toCsv(
      [{ a: 1, b: 'x' }],
      [
        { header: 'A', value: (r) => r.a },
        { header: 'B', value: (r) => r.b },
      ],
    )
    expect(csv).toBe('A,B\r\n1,x\r\n')
  })

  it('exports transactions with exact naira amounts from kobo, the counterparty and the references', () => {
    const csv = transactionsCsv([
      transaction({ amount: 123_456_789, fee: 5, narration: 'Jollof, 40 plates' }),
      transaction({
        id: 'txn-2',
        type: 'debit',
        amount: 150_050,
        fee: 2_688,
        beneficiaryAccountName: 'ADA OBI',
        beneficiaryBankName: 'Access Bank',
        beneficiaryAccountNumber: '0690000032',
        sessionId: null,
      }),
    ])
    const [header, first, second] = csv.trimEnd().split('\r\n')
    expect(header).toBe(TRANSACTION_CSV_COLUMNS.map((c) => csvField(c.header)).join(','))
    expect(first).toContain(',credit,success,1234567.89,0.05,NGN,Chukwuemeka Obi,Guaranty Trust Bank,0123456789,')
    expect(first).toContain('"Jollof, 40 plates"')
    expect(second).toContain(',debit,success,1500.50,26.88,NGN,ADA OBI,Access Bank,0690000032,,')
  })

  it('names the file after the period and the filters', () => {
    // The Lagos days 16 to 22 November (WAT is UTC+1): what the Date filter sends.
    const name = exportFileName({
      startDate: '2026-11-15T23:00:00.000Z',
      endDate: '2026-11-22T22:59:59.999Z',
      status: 'pending',
      type: 'credit',
    })
    expect(name).toBe('transactions-2026-11-16-to-2026-11-22-pending-credit.csv')
  })

  it('counts the records of a CSV as its bytes arrive, a quoted line break inside a field included', () => {
    const text = toCsv([{ a: 'two\r\nlines, "quoted"' }, { a: 'plain' }, { a: '"' }], [{ header: 'A', value: (r: { a: string }) => r.a }])
    const bytes = new TextEncoder().encode(text)
    // Split everywhere, even inside a quoted field and between the CR and LF.
    for (const at of [1, 7, 12, bytes.length - 1]) {
      const count = csvRecordCounter()
      count(bytes.subarray(0, at))
      expect(count(bytes.subarray(at)), `split at ${at}`).toBe(4)
    }
  })
})
