import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { isValidNuban } from '#contract/nuban'

/*
 * docs/sandbox-banking.md is where a developer or a tester copies account numbers from (issue 35: a Kuda number with
 * the wrong check digit sat there). Every 10-digit number in it must pass the NUBAN check of the bank it is given
 * for, so the page cannot drift from src/contract/nuban.ts again.
 */

const DOC = readFileSync(new URL('../../docs/sandbox-banking.md', import.meta.url), 'utf8')
const TEN_DIGITS = /\b\d{10}\b/g

/**
 * Numbers the prose names, with the bank it names them at. A number added to the prose must be added here, or the
 * last test fails: the page's table says its banks in its header, the prose only in words.
 */
const PROSE_NUMBERS: Record<string, string> = {
  '0123456785': '058', // "at GTBank", and the demo owner's settlement account
  '0123456784': '044', // "at Access"
  '9060411184': '101', // a Providus virtual account, as printed at start-up
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim())

interface TableNumber {
  number: string
  bankCode: string
  column: string
}

/** Every 10-digit number in a table whose column header ends in a bank code ("Kuda 50211"). */
function tableNumbers(doc: string): { found: TableNumber[]; tableLines: Set<number> } {
  const lines = doc.split('\n')
  const found: TableNumber[] = []
  const tableLines = new Set<number>()
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.startsWith('|') || !/^\|[\s|:-]+\|$/.test(lines[i + 1]!.trim())) continue
    const header = cells(lines[i]!)
    const codes = header.map((title) => /\b(\d{3}|\d{5}|\d{6})$/.exec(title)?.[1])
    for (let row = i + 2; row < lines.length && lines[row]!.startsWith('|'); row++) {
      tableLines.add(row)
      cells(lines[row]!).forEach((cell, column) => {
        for (const number of cell.match(TEN_DIGITS) ?? []) {
          const bankCode = codes[column]
          // A number in a column that names no bank cannot be checked: the last test catches it.
          if (bankCode) found.push({ number, bankCode, column: header[column]! })
          else tableLines.delete(row)
        }
      })
    }
  }
  return { found, tableLines }
}

describe('docs/sandbox-banking.md account numbers', () => {
  const { found, tableLines } = tableNumbers(DOC)

  it('the test-inputs table has numbers for GTBank, Access and Kuda', () => {
    expect(new Set(found.map((entry) => entry.bankCode))).toEqual(new Set(['058', '044', '50211']))
    expect(found.length).toBeGreaterThanOrEqual(21)
  })

  it('every number in a table passes the NUBAN check of its column’s bank', () => {
    const failing = found.filter((entry) => !isValidNuban(entry.bankCode, entry.number)).map((e) => `${e.column}: ${e.number}`)
    expect(failing).toEqual([])
  })

  it('every number in the prose is one this test knows the bank of, and passes its check', () => {
    const prose = DOC.split('\n')
      .filter((_, index) => !tableLines.has(index))
      .join('\n')
    const numbers = [...new Set(prose.match(TEN_DIGITS) ?? [])]
    expect(numbers.filter((number) => !(number in PROSE_NUMBERS))).toEqual([])
    expect(numbers.filter((number) => !isValidNuban(PROSE_NUMBERS[number]!, number))).toEqual([])
  })
})
