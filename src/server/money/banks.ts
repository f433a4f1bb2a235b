/**
 * Banks and fintechs a transfer can reach, with the codes Nigerian payment providers publish (Paystack,
 * Flutterwave). Deposit money banks use their 3-digit CBN codes. Microfinance banks use 5-digit CBN codes
 * (Kuda 50211, Moniepoint 50515), whose NUBAN institution code is `9` + code. OPay and PalmPay are listed by
 * the providers under 6-digit codes (999992, 999991), used as the institution code as is. See
 * docs/sandbox-banking.md.
 */
export interface BankInfo {
  code: string
  name: string
}

export const BANKS: readonly BankInfo[] = [
  { code: '044', name: 'Access Bank' },
  { code: '023', name: 'Citibank Nigeria' },
  { code: '050', name: 'Ecobank Nigeria' },
  { code: '070', name: 'Fidelity Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '214', name: 'First City Monument Bank' },
  { code: '103', name: 'Globus Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '301', name: 'Jaiz Bank' },
  { code: '082', name: 'Keystone Bank' },
  { code: '50211', name: 'Kuda Microfinance Bank' },
  { code: '303', name: 'Lotus Bank' },
  { code: '50515', name: 'Moniepoint Microfinance Bank' },
  { code: '999992', name: 'OPay' },
  { code: '999991', name: 'PalmPay' },
  { code: '076', name: 'Polaris Bank' },
  { code: '105', name: 'PremiumTrust Bank' },
  { code: '101', name: 'Providus Bank' },
  { code: '221', name: 'Stanbic IBTC Bank' },
  { code: '068', name: 'Standard Chartered Bank' },
  { code: '232', name: 'Sterling Bank' },
  { code: '100', name: 'SunTrust Bank' },
  { code: '302', name: 'TAJ Bank' },
  { code: '102', name: 'Titan Trust Bank' },
  { code: '032', name: 'Union Bank of Nigeria' },
  { code: '033', name: 'United Bank for Africa' },
  { code: '215', name: 'Unity Bank' },
  { code: '035', name: 'Wema Bank' },
  { code: '057', name: 'Zenith Bank' },
]

const byCode = new Map(BANKS.map((bank) => [bank.code, bank]))

export function bankByCode(code: string): BankInfo | undefined {
  return byCode.get(code)
}
