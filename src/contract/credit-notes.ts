import * as v from 'valibot'

import { endpoint } from './endpoint'

/*
 * Credit notes (issue 42, decisions 191 and 195): money that went back to the payer of an invoice is documented by a
 * credit note, CN-000001, CN-000002… in the vendor's own gapless sequence, numbered when the refund reached the payer.
 * Its document is an A4 PDF the server writes: the business, the credit note's number and date, the invoice it
 * credits, the amount and the VAT share of it.
 */

/** 'CN-000001', any case; at most 15 digits (a vendor's count of credit notes never comes near). */
export const creditNoteNumber = v.pipe(
  v.string('is required'),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^CN-\d{6,15}$/, 'must be a credit note number such as CN-000001'),
)

export const creditNoteEndpoints = {
  creditNotePdf: endpoint({
    method: 'GET',
    path: '/order/credit-note/pdf',
    summary:
      "A credit note as an A4 PDF: the business, the credit note's number and date (Lagos time), the invoice it credits, the amount refunded and its VAT share.",
    // Whoever may open the invoice may print its documents: the invoice's own PDF is made from GET /order/single.
    permission: 'VENDOR_ORDERS',
    query: v.object({ number: creditNoteNumber }),
    produces: 'application/pdf',
    response: v.string(),
    errors: ['NOT_FOUND'],
  }),
}

/** 'credit-note-CN-000001.pdf': the name the file is saved under, by the server's answer and the app alike. */
export function creditNoteFileName(number: string): string {
  return `credit-note-${number}.pdf`
}
