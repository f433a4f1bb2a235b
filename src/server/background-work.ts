import type { Logger } from './deps'
import { describeError } from './errors'

/*
 * Work a request starts and does not wait for (a notice e-mailed after a bank's webhook was answered): its failures
 * are logged, and the server waits for it on close, so none of it runs after the database has closed.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>()

  /** Starts `work` now; the caller goes on at once. */
  start(logger: Logger, what: string, work: () => Promise<void>): void {
    const done: Promise<void> = Promise.resolve()
      .then(work)
      .catch((error: unknown) => logger.error(`[background] ${what} failed:`, describeError(error)))
      .finally(() => this.running.delete(done))
    this.running.add(done)
  }

  /** Resolves once all work started so far, and any it started meanwhile, has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running])
  }
}
