import * as v from 'valibot'

/*
 * The business as its documents name it (issue 42, decision 191): what an invoice, a receipt, a credit note and the
 * customer's payment page print about who is selling. A module of its own, without endpoints: the public payment
 * page (orders), the profile (vendor) and the server's PDFs all read it, and the app's public chunk should not
 * carry the vendor area's schemas to get it.
 */

/**
 * The business's details a customer may see: its name, address, phone, e-mail, logo and TIN, all of them printed on
 * what the customer already receives (the invoice). Nothing else of the vendor (ids, owner, status) belongs here.
 */
export const BusinessDetails = v.object({
  name: v.string(),
  /** The business address, null until set in Settings. */
  address: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  email: v.string(),
  /** The Tax Identification Number, null until set in Settings. */
  tin: v.nullable(v.string()),
  /** Public /api/files URL of the shop's logo (Settings → Website), or null. */
  logoUrl: v.nullable(v.string()),
})
export type BusinessDetails = v.InferOutput<typeof BusinessDetails>

/**
 * The business's lines under its name, in print order: the address (a line per line typed), phone · e-mail, TIN;
 * what is not set is left out. One wording for every document, the app's and the server's.
 */
export function businessLines(business: Pick<BusinessDetails, 'address' | 'phone' | 'email' | 'tin'>): string[] {
  return [
    ...(business.address ? business.address.split(/\r?\n/) : []),
    [business.phone, business.email].filter(Boolean).join(' · '),
    business.tin ? `TIN: ${business.tin}` : '',
  ].filter((line) => line.trim() !== '')
}
