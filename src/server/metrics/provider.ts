import type { BankingProvider } from '../money/bank-provider'
import { PaystackBankingProvider } from '../money/paystack'
import { SandboxBankingProvider } from '../money/sandbox-bank'
import type { ProviderName } from './app-metrics'

/** The label of the provider a process sends through. Apart from app-metrics.ts: deps.ts imports that file, and Paystack's imports deps. */
export function providerName(banking: BankingProvider): ProviderName {
  if (banking instanceof PaystackBankingProvider) return 'paystack'
  if (banking instanceof SandboxBankingProvider) return 'sandbox'
  return 'other'
}
