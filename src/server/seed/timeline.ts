/*
 * The demo's history is written by several modules (the wallet's own events, sales, outlets), each with its own
 * dates. The ledger must be written in time order, as production writes it: a statement's running balance is each
 * entry's balance_after in the ledger's order (decision 178). So each module hands back its dated steps and the
 * demo runs them all by date, instead of each module writing its two weeks in turn.
 */

/** One dated piece of the demo's history. */
export interface SeedStep {
  at: Date
  run: () => Promise<void>
}

/** Runs the steps oldest first; steps of one instant keep the order they were given in (a stable sort). */
export async function runInTimeOrder(steps: readonly SeedStep[]): Promise<void> {
  for (const step of [...steps].sort((a, b) => a.at.getTime() - b.at.getTime())) await step.run()
}
