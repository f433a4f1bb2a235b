import type { Clock } from '../clock'
import type { Db } from '../db/client'
import type { BankProviderChoice } from '../process-env'
import type { BankingProvider } from './bank-provider'
import { PaystackBankingProvider } from './paystack'
import { SandboxBankingProvider } from './sandbox-bank'

/**
 * The banking provider BANK_PROVIDER chose (process-env.ts), made one way for the server (start-server.ts) and the operator's
 * commands (npm run reconcile), so both talk to the same bank.
 */
export function bankingProviderFor(
  choice: BankProviderChoice,
  db: Db,
  options: { logger?: Pick<Console, 'warn' | 'error'>; clock?: Clock } = {},
): BankingProvider {
  if (choice.kind === 'paystack') {
    return new PaystackBankingProvider({ secretKey: choice.secretKey, baseUrl: choice.baseUrl, db, logger: options.logger })
  }
  return new SandboxBankingProvider(db, options.clock)
}
