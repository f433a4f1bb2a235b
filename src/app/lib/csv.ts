/*
 * The app's side of CSV files. How a file is written (quoting, formulas neutralised, Lagos times) is the
 * contract's (#contract/csv), shared with the server, which writes the transactions export itself (decision 159).
 */

import { CSV_BOM } from '#contract/csv'

const CSV_TYPE = 'text/csv;charset=utf-8'

/** A CSV the app wrote, as a file: the byte order mark first, so Excel reads the naira sign as UTF-8. */
export function csvBlob(text: string): Blob {
  return new Blob([CSV_BOM, text], { type: CSV_TYPE })
}

/** A CSV the server wrote (its byte order mark included), from the pieces it arrived in. */
export function receivedCsvBlob(pieces: BlobPart[]): Blob {
  return new Blob(pieces, { type: CSV_TYPE })
}

const QUOTE = 0x22
const LINE_FEED = 0x0a

/**
 * Counts a CSV's records as its bytes arrive: a line feed ends one unless it is inside quotes (a narration may
 * hold a line break; an escaped quote, "", flips the state twice). Feed it every piece in order; it answers the
 * records so far, the header included.
 */
export function csvRecordCounter(): (bytes: Uint8Array) => number {
  let quoted = false
  let records = 0
  return (bytes) => {
    for (const byte of bytes) {
      if (byte === QUOTE) quoted = !quoted
      else if (byte === LINE_FEED && !quoted) records++
    }
    return records
  }
}

/**
 * A CSV download the server streams (decision 159), read as it arrives: the pieces kept for the file, the records
 * counted for the button's progress. Answers the file and its rows (the header is not a row).
 */
export async function readCsvDownload(response: Response, onProgress: (rows: number) => void): Promise<{ blob: Blob; rows: number }> {
  const pieces: Uint8Array<ArrayBuffer>[] = []
  const count = csvRecordCounter()
  let records = 0
  if (response.body) {
    const reader = response.body.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      pieces.push(read.value)
      records = count(read.value)
      onProgress(Math.max(0, records - 1))
    }
  } else {
    const bytes = new Uint8Array(await response.arrayBuffer())
    pieces.push(bytes)
    records = count(bytes)
  }
  return { blob: receivedCsvBlob(pieces), rows: Math.max(0, records - 1) }
}
