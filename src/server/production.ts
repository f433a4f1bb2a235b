import { publicUrlFromEnv, sessionIdleFromEnv, settlementCoolingFromEnv } from './deps'
import { emailFromEnv, smsFromEnv } from './messages/env'
import { DEV_WEBHOOK_SECRET } from './money/webhook-signature'
import { bankProviderFromEnv, processEnv, seedDemoFromEnv } from './process-env'

/*
 * Production mode (issue 37, decision 153). `NODE_ENV=production` is an operator saying "real vendors use this
 * server": the start then refuses every default that is only safe on a developer's laptop, each named on a line of
 * its own, all at once (an operator fixes them in one go, not one per restart). Without NODE_ENV nothing here runs:
 * `npm start` on a laptop stays development.
 */

/** The secrets a production server must be given. 32 characters: what `openssl rand -hex 16` prints at the least. */
export const MIN_PRODUCTION_SECRET_LENGTH = 32

/** What the rest of the server needs to know about the mode (security headers, GET /api/server-mode). */
export interface ServerMode {
  production: boolean
  /** Production with ALLOW_SANDBOX_BANK=1 and a bank that moves no real money: every screen says so. */
  staging: boolean
}

export const DEVELOPMENT: ServerMode = { production: false, staging: false }

export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV?.trim() === 'production'
}

function allowSandboxBank(env: NodeJS.ProcessEnv): boolean {
  const value = env.ALLOW_SANDBOX_BANK?.trim()
  if (!value || value === '0') return false
  if (value === '1') return true
  throw new Error(`ALLOW_SANDBOX_BANK must be 1 or 0, got ${env.ALLOW_SANDBOX_BANK}`)
}

/**
 * Whether the bank moves no real money: the sandbox, or Paystack with a test key (Paystack's test mode pays
 * nobody). Null when BANK_PROVIDER itself is wrong (that problem is named on its own).
 */
function simulatedBank(env: NodeJS.ProcessEnv): { simulated: boolean; paystack: boolean } | null {
  try {
    const choice = bankProviderFromEnv(env)
    if (choice.kind === 'sandbox') return { simulated: true, paystack: false }
    return { simulated: choice.secretKey.startsWith('sk_test_'), paystack: true }
  } catch {
    return null
  }
}

export function serverModeFromEnv(env: NodeJS.ProcessEnv = process.env): ServerMode {
  if (!isProduction(env)) return DEVELOPMENT
  let allowed = false
  try {
    allowed = allowSandboxBank(env)
  } catch {
    // productionProblems names it; a start that got this far has none.
  }
  return { production: true, staging: allowed && (simulatedBank(env)?.simulated ?? false) }
}

/** Runs each check, keeping its message instead of stopping at the first. */
function collect(problems: string[], check: () => string | null | undefined | void): void {
  try {
    const problem = check()
    if (problem) problems.push(problem)
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error))
  }
}

function secretProblem(name: string, value: string | undefined, what: string): string | null {
  const secret = value?.trim()
  if (!secret) return `${name} must be set to at least ${MIN_PRODUCTION_SECRET_LENGTH} random characters (${what})`
  if (secret.length < MIN_PRODUCTION_SECRET_LENGTH) {
    return `${name} must be at least ${MIN_PRODUCTION_SECRET_LENGTH} characters, got ${secret.length}`
  }
  return null
}

/**
 * Every reason this environment may not run in production, one sentence each, in a fixed order; empty when it may.
 * The development checks every start already makes (processEnv, BANK_PROVIDER, PUBLIC_URL, …) are among them, so
 * one start lists everything.
 */
export function productionProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = []
  // What every start checks, development too (PORT as main() reads it).
  collect(problems, () => {
    const port = Number(env.PORT || 3000)
    if (!Number.isInteger(port) || port < 0 || port > 65535) return `PORT must be a port number, got ${env.PORT}`
  })
  collect(problems, () => void processEnv(env))
  collect(problems, () => void sessionIdleFromEnv(env.SESSION_IDLE_HOURS))
  collect(problems, () => void settlementCoolingFromEnv(env.SETTLEMENT_COOLING_HOURS))

  // Messages must reach people: the console notifier prints codes to the server's log instead.
  collect(problems, () =>
    emailFromEnv(env).kind === 'console'
      ? 'SMTP_URL and MAIL_FROM must be set: without them e-mail (codes, password resets, invitations) is only printed to the server log'
      : null,
  )
  collect(problems, () =>
    smsFromEnv(env).kind === 'console'
      ? 'SMS_PROVIDER=termii, TERMII_API_KEY and TERMII_SENDER_ID must be set: without them SMS (one-time codes) is only printed to the server log'
      : null,
  )

  // The bank must move real money, unless the operator says this is a staging server.
  collect(problems, () => void bankProviderFromEnv(env))
  const bank = simulatedBank(env)
  collect(problems, () => {
    if (allowSandboxBank(env) || !bank?.simulated) return null
    return bank.paystack
      ? 'PAYSTACK_SECRET_KEY is a test key (sk_test_…): no real money moves (set a live key, or ALLOW_SANDBOX_BANK=1 for a staging server)'
      : 'BANK_PROVIDER must be paystack: the sandbox bank moves no real money (or ALLOW_SANDBOX_BANK=1 for a staging server)'
  })
  // Paystack signs its notices with the secret key, and the sandbox's notice endpoint answers 404 under it: the
  // variable is then unused, and demanding it would only make operators invent a secret nothing checks.
  if (bank && !bank.paystack) {
    collect(problems, () =>
      env.BANK_WEBHOOK_SECRET?.trim() === DEV_WEBHOOK_SECRET
        ? 'BANK_WEBHOOK_SECRET must not be the public sandbox secret'
        : secretProblem('BANK_WEBHOOK_SECRET', env.BANK_WEBHOOK_SECRET, 'the key bank notices are signed with'),
    )
  }

  // Keys a file made on first start would hold differently on each server; a deployment sets them once.
  collect(problems, () => secretProblem('PIN_PEPPER', env.PIN_PEPPER, 'the key of PIN hashes, the same on every API process'))
  collect(problems, () => secretProblem('OPERATOR_KEY', env.OPERATOR_KEY, 'what npm run admin sends as X-Operator-Key'))

  collect(problems, () => {
    const origin = publicUrlFromEnv(env.PUBLIC_URL)
    if (!origin) return "PUBLIC_URL must be set to the site's https:// address, e.g. https://shop.example.ng"
    return origin.startsWith('https://') ? null : `PUBLIC_URL must start with https://, got ${env.PUBLIC_URL?.trim()}`
  })

  // The demo vendor's password and PIN are in the README. processEnv named a malformed SEED_DEMO already.
  collect(problems, () => {
    let seeded: boolean
    try {
      seeded = seedDemoFromEnv(env.SEED_DEMO, env.DATABASE_URL?.trim() || undefined)
    } catch {
      return null
    }
    return seeded ? "SEED_DEMO must be 0: the demo vendor's password and PIN are public (it is on by default without DATABASE_URL)" : null
  })
  return problems
}

/**
 * A live Paystack key moves real money, and only production mode refuses the defaults that are unsafe with it (codes
 * printed to the log, a demo vendor with a public password): a live key outside production is a forgotten NODE_ENV,
 * not a choice. Null when the key is not a live one (or BANK_PROVIDER is wrong: that start fails on its own).
 */
export function liveKeyOutsideProduction(env: NodeJS.ProcessEnv = process.env): string | null {
  if (isProduction(env)) return null
  try {
    const choice = bankProviderFromEnv(env)
    if (choice.kind !== 'paystack' || !choice.secretKey.startsWith('sk_live_')) return null
  } catch {
    return null
  }
  return '[server] PAYSTACK_SECRET_KEY is a live key (sk_live_…) but NODE_ENV is not production: set NODE_ENV=production, which refuses the unsafe defaults a live server must not run with, or use a test key (sk_test_…)'
}

/** What the process prints before exiting 1: a heading, then one problem per line. */
export function productionRefusal(problems: string[]): string {
  return [`[server] NODE_ENV=production refuses to start (${problems.length} to fix):`, ...problems.map((p) => `  - ${p}`)].join('\n')
}
