import * as v from 'valibot'

import { accountNumber, bankCode } from './banking'
import { id } from './common'
import { endpoint } from './endpoint'

/*
 * Saved beneficiaries (issue 36, decision 145): the accounts Send Money offers so a vendor does not retype a
 * supplier's account. Recent ones are where the vendor's own successful sends went; saved ones are kept on purpose,
 * each named by the bank's name enquiry when saved (never by the client). Picking one still runs a name enquiry:
 * the transfer spends that enquiry's requestId, as every transfer does.
 */

/** How many accounts a vendor may save; a list longer than this is not something to pick from on a phone. */
export const MAX_SAVED_BENEFICIARIES = 50
/** A saved account's nickname, as the picker's field also limits it (decision 163). */
export const MAX_BENEFICIARY_LABEL = 40
/** How many recent destinations Send Money offers. */
export const RECENT_BENEFICIARIES = 5

const Account = {
  bankCode: v.string(),
  bankName: v.string(),
  accountNumber: v.string(),
  /** The bank's name for the account, as the name enquiry answered it. */
  accountName: v.string(),
}

export const SavedBeneficiary = v.object({
  id: v.string(),
  ...Account,
  /** What the vendor calls them ("Rice supplier"), or null. */
  label: v.nullable(v.string()),
  createdAt: v.string(),
})
export type SavedBeneficiary = v.InferOutput<typeof SavedBeneficiary>

export const RecentBeneficiary = v.object({ ...Account, lastSentAt: v.string() })
export type RecentBeneficiary = v.InferOutput<typeof RecentBeneficiary>

const label = v.optional(
  v.nullable(
    v.pipe(
      v.string('must be text'),
      v.trim(),
      v.maxLength(MAX_BENEFICIARY_LABEL, `must be at most ${MAX_BENEFICIARY_LABEL} characters`),
      v.transform((text) => text || null),
    ),
  ),
)

export const beneficiaryEndpoints = {
  listBeneficiaries: endpoint({
    method: 'GET',
    path: '/transfer/beneficiaries',
    summary: `Accounts Send Money offers: the ${RECENT_BENEFICIARIES} latest destinations of the vendor's successful sends, and the saved ones (by label, then name).`,
    permission: 'VENDOR_TRANSFERS',
    response: v.object({ recent: v.array(RecentBeneficiary), saved: v.array(SavedBeneficiary) }),
  }),
  saveBeneficiary: endpoint({
    method: 'POST',
    path: '/transfer/beneficiaries',
    summary:
      'Save an account to send to. The server resolves its name with the bank (a name enquiry); saving one already saved updates its label and name.',
    permission: 'VENDOR_TRANSFERS',
    body: v.object({ bankCode, accountNumber, label }),
    response: SavedBeneficiary,
    errors: ['UNKNOWN_BANK', 'INVALID_ACCOUNT_NUMBER', 'NAME_ENQUIRY_FAILED', 'BANK_UNAVAILABLE', 'RATE_LIMITED'],
  }),
  removeBeneficiary: endpoint({
    method: 'DELETE',
    path: '/transfer/beneficiaries',
    summary: 'Remove a saved account. Recent ones are not removed: they are the history of the sends.',
    permission: 'VENDOR_TRANSFERS',
    query: v.object({ id }),
    response: v.null(),
    errors: ['NOT_FOUND'],
  }),
}
