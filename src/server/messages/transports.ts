import type { Clock } from '../clock'
import type { Db } from '../db/client'
import type { Logger } from '../deps'
import { DevNotifier } from '../notifier'
import { DurableNotifier, type DurableNotifierOptions } from './durable-notifier'
import type { MessagingChoice } from './env'
import { SmtpTransport } from './smtp'
import { TermiiTransport } from './termii'

/*
 * The server's notifier from the environment's choice (env.ts): SMTP or the console for e-mail, Termii or the
 * console for SMS, both behind the durable queue (decision 150). The console is a DevNotifier: it prints each
 * message, which is how a developer reads an OTP, and production mode refuses it.
 */
export function notifierFor(
  choice: MessagingChoice,
  context: { db: Db; clock: Clock; logger: Logger; firstAttemptWaitMs?: number; metrics?: DurableNotifierOptions['metrics'] },
): DurableNotifier {
  const console = new DevNotifier((line) => context.logger.info(line))
  return new DurableNotifier({
    db: context.db,
    clock: context.clock,
    logger: context.logger,
    firstAttemptWaitMs: context.firstAttemptWaitMs,
    metrics: context.metrics,
    transports: {
      email: choice.email.kind === 'smtp' ? new SmtpTransport(choice.email.url, choice.email.from) : console,
      sms: choice.sms.kind === 'termii' ? new TermiiTransport(choice.sms) : console,
    },
  })
}
