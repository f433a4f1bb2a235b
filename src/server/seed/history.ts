import { nubanFor } from '#contract/nuban'

/*
 * Two weeks of the demo vendor's main wallet, oldest first, so the ledger's balance_after reads as a running
 * balance. Amounts in kobo. Credits are bank transfers into the virtual account, offline (no order yet: Create
 * order / Mark as POS); orders paid by transfer are made by sales.ts through the real payment path. Sends go
 * to sandbox accounts, so resolving the same number in the app gives the same name; one went to the sandbox's
 * dormant account and was reversed.
 */

export interface SeedCredit {
  kind: 'credit'
  amount: number
  from: string
  bank: string
  account: string
  narration: string
  markedPos?: boolean
}

export interface SeedSend {
  kind: 'send'
  amount: number
  bankCode: string
  /** The 9-digit serial; the check digit is added for the bank. */
  serial: string
  narration: string
}

/** [days ago, hour of day in Lagos, event] */
export type SeedEvent = [number, number, SeedCredit | SeedSend]

const credit = (
  amount: number,
  from: string,
  bank: string,
  serial: string,
  bankCode: string,
  narration: string,
  extra: Partial<SeedCredit> = {},
): SeedCredit => ({ kind: 'credit', amount, from, bank, account: nubanFor(bankCode, serial), narration, ...extra })

const send = (amount: number, bankCode: string, serial: string, narration: string): SeedSend => ({
  kind: 'send',
  amount,
  bankCode,
  serial,
  narration,
})

/** The vendor's own account at GTBank, which the sandbox names after the owner. */
export const DEMO_SETTLEMENT = { bankCode: '058', serial: '012345678' } as const

export const DEMO_HISTORY: SeedEvent[] = [
  [14, 10, credit(15_000_000, 'Chukwuemeka Obi', 'Guaranty Trust Bank', '012398745', '058', 'Wedding jollof deposit')],
  [13, 12, credit(4_250_000, 'Aisha Bello', 'Access Bank', '069000003', '044', 'Jollof rice and chicken, 3 packs')],
  [
    13,
    18,
    credit(2_800_000, 'Kemi Adeyemi', 'Zenith Bank', '208123456', '057', 'Small chops for naming ceremony', {
      markedPos: true,
    }),
  ],
  [12, 9, send(8_000_000, '044', '104583921', 'Mile 12 foodstuff: rice, beans, palm oil')],
  [12, 15, credit(1_200_000, 'Bola Ahmed', 'Wema Bank', '017834529', '035', 'Moi moi and pap')],
  [12, 19, credit(9_500_000, 'Tunde Bakare', 'United Bank for Africa', '102345678', '033', 'Catering deposit')],
  [11, 13, credit(3_575_000, 'Ngozi Eze', 'Zenith Bank', '208765432', '057', 'Fried rice and turkey, 2 trays')],
  [11, 17, credit(760_000, 'Yusuf Lawal', 'OPay', '803456712', '999992', 'Two plates amala')],
  [10, 11, send(2_500_000, '070', '620184375', 'Cooking gas refill, 50 kg')],
  [10, 16, credit(18_000_000, 'Adebayo Ogunleye', 'First Bank of Nigeria', '301234567', '011', 'Birthday party trays')],
  [9, 10, credit(6_200_000, 'Fatima Abubakar', 'OPay', '803124567', '999992', 'Asun and fried yam')],
  [9, 14, credit(2_350_000, 'Emeka Nwosu', 'Moniepoint Microfinance Bank', '660012345', '50515', 'Office lunch packs')],
  [8, 12, send(35_000_000, DEMO_SETTLEMENT.bankCode, DEMO_SETTLEMENT.serial, 'Weekly payout')],
  [8, 15, credit(12_500_000, 'Ngozi Eze', 'Zenith Bank', '208765432', '057', 'Ofada rice and ayamase')],
  [7, 13, credit(1_850_000, 'Sade Williams', 'PalmPay', '902345671', '999991', 'Lunch', { markedPos: true })],
  [7, 17, credit(980_000, 'Chiamaka Okonkwo', 'Sterling Bank', '005123876', '232', 'Pepper soup, catfish')],
  [6, 9, send(450_000, '50515', '661234509', 'Keke transport to Oshodi')],
  [6, 14, credit(27_550_000, 'Aisha Bello', 'Access Bank', '069000003', '044', 'Office lunch, 40 plates')],
  [5, 10, send(5_000_000, '214', '553201874', 'Cold room rent, November')],
  [5, 16, credit(7_525_000, 'Fatima Abubakar', 'OPay', '803124567', '999992', 'Ofada sauce, 2 litres')],
  [4, 12, credit(45_000_000, 'Chukwuemeka Obi', 'Guaranty Trust Bank', '012398745', '058', 'Wedding jollof and small chops')],
  [4, 18, credit(1_650_000, 'Sani Musa', 'Polaris Bank', '176543210', '076', 'Suya platter')],
  [3, 11, credit(4_550_000, 'Ifeanyi Nwosu', 'Kuda Microfinance Bank', '200987654', '50211', 'Egusi soup 5 litres')],
  [3, 15, send(1_500_000, '033', '111111111', 'Plates and coolers')],
  [2, 10, credit(9_875_000, 'Tunde Bakare', 'United Bank for Africa', '102345678', '033', 'Party jollof, 1 cooler')],
  [2, 16, send(3_000_000, '232', '004512983', 'Takeaway packs and nylon')],
  [1, 12, send(12_000_000, '057', '221908364', 'Two goats and a cow leg, Musa butcher')],
  [1, 17, credit(3_300_000, 'Fatima Abubakar', 'OPay', '803124567', '999992', 'Suya and pepper soup')],
  [0, 8, credit(5_250_000, 'Obinna Chukwu', 'Moniepoint Microfinance Bank', '660987123', '50515', 'Jollof for staff')],
  [0, 9, credit(7_306_000, 'Hauwa Yusuf', 'Stanbic IBTC Bank', '000345678', '221', 'Small chops, 3 trays')],
]
