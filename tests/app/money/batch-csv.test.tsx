import { describe, expect, it } from 'vitest'

import { readBatchCsv } from '#app/features/banking/batch-csv'

/* A bulk payout's CSV as the app reads it before anything is sent (decision 192). */

const banks = [
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '044', name: 'Access Bank' },
]

describe('readBatchCsv', () => {
  it('reads payees by bank name or code, naira amounts with commas and ₦, and skips a heading line', () => {
    const text = '\uFEFFAccount number,Bank,Amount,Narration\n0123456785,GTBank,"₦1,500.50",Rice\n0123456784,044,200\n\n'
    expect(readBatchCsv(text, banks)).toEqual({
      rows: [
        { accountNumber: '0123456785', bankCode: '058', amount: 1_500_50, narration: 'Rice' },
        { accountNumber: '0123456784', bankCode: '044', amount: 200_00 },
      ],
      problems: [],
    })
  })

  it('names each bad line by its number, and an empty file', () => {
    const text = '123,GTBank,100\n0123456785,Moon Bank,100\n0123456785,GTBank,0'
    expect(readBatchCsv(text, banks).problems).toEqual([
      'Line 1: the account number must be 10 digits.',
      'Line 2: “Moon Bank” is not a bank we can send to.',
      'Line 3: the amount must be more than zero.',
    ])
    expect(readBatchCsv('', banks)).toEqual({ rows: [], problems: ['The file has no payees.'] })
  })
})
