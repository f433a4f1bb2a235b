import { and, eq } from 'drizzle-orm'

import type { bankingEndpoints } from '#contract/banking'
import { chargeFor, publicTiers } from '#contract/charges'

import type { Db } from '../db/client'
import { type VendorRow, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import type { HandlersFor } from '../http/types'
import { changeSettlementAccount, setThirdPartyTransfers } from '../money/money-routing'
import { resolveAccount } from '../money/name-enquiry'
import { enforce, LIMITS } from '../rate-limit'

type SettingsEndpoints = Omit<typeof bankingEndpoints, 'sendMoney' | 'bankInbound' | 'paystackWebhook'>

/** The settlement account as the contract says it; usableFrom only while it cools off (decision 143). */
export async function settlementOf(deps: Pick<AppDeps, 'banking' | 'clock'>, vendor: VendorRow) {
  const { settlementAccountNumber: accountNumber, settlementBankCode: bankCode, settlementUsableFrom } = vendor
  if (!accountNumber || !bankCode) return null
  const bank = (await deps.banking.listBanks()).find((candidate) => candidate.code === bankCode)
  const usableFrom = settlementUsableFrom && settlementUsableFrom > deps.clock.now() ? settlementUsableFrom.toISOString() : null
  return { accountNumber, bankCode, accountName: vendor.settlementAccountName ?? '', bankName: bank?.name ?? bankCode, usableFrom }
}

async function updateVendor(db: Db, vendorId: string, values: Partial<VendorRow>): Promise<VendorRow> {
  const [vendor] = await db
    .update(vendors)
    .set(values)
    .where(and(eq(vendors.id, vendorId)))
    .returning()
  return vendor!
}

/** Banks, name enquiry, the settlement account and the vendor's money settings. */
export const bankingSettingsHandlers: HandlersFor<SettingsEndpoints> = {
  async listBanks({ deps }) {
    return { data: [...(await deps.banking.listBanks())].map(({ code, name }) => ({ code, name })) }
  },

  async resolveAccount({ auth, deps, query }) {
    await enforce(deps.rateLimiter, LIMITS.nameEnquiryPerUser, auth.userId)
    const row = await resolveAccount(deps, auth, query.accountNumber, query.bankCode)
    return {
      data: {
        accountName: row.accountName,
        accountNumber: row.accountNumber,
        bankCode: row.bankCode,
        bankName: row.bankName,
        requestId: row.requestId,
        expiresAt: row.expiresAt.toISOString(),
      },
      message: 'Account resolved',
    }
  },

  async setSettlementAccount({ auth, body, deps }) {
    const vendor = await changeSettlementAccount(deps, auth, body)
    return { data: (await settlementOf(deps, vendor))!, message: 'Settlement account saved' }
  },

  async settlementAccount({ auth, deps }) {
    return { data: await settlementOf(deps, auth.vendor) }
  },

  async transferCharges({ query }) {
    return { data: { tiers: publicTiers(), ...chargeFor(query.amount) } }
  },

  async vendorCharges({ auth }) {
    return { data: { tiers: publicTiers(), chargeBearer: auth.vendor.chargeBearer } }
  },

  async setChargeBearer({ auth, body, db }) {
    const vendor = await updateVendor(db, auth.vendorId, { chargeBearer: body.chargeBearer })
    const who = vendor.chargeBearer === 'vendor' ? 'You' : 'Your customers'
    return { data: { chargeBearer: vendor.chargeBearer }, message: `${who} will bear collection charges` }
  },

  async thirdPartyTransfers({ auth }) {
    return { data: { isEnabled: auth.vendor.thirdPartyTransfers } }
  },

  async setThirdPartyTransfers({ auth, body, deps }) {
    const vendor = await setThirdPartyTransfers(deps, auth, body)
    const state = vendor.thirdPartyTransfers ? 'turned on' : 'turned off'
    return { data: { isEnabled: vendor.thirdPartyTransfers }, message: `Third-party transfers ${state}` }
  },
}
