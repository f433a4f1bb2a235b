import type { Tx } from '../db/client'
import type { AppDeps } from '../deps'
import { type LowStockNotice, sendLowStockNotices } from './stock'

export type CatalogueDeps = Pick<AppDeps, 'db' | 'storage' | 'notifier' | 'logger'>

/** What a catalogue change leaves to do once its transaction has committed. */
export interface AfterCommit {
  notices: LowStockNotice[]
  /** Files no row points at any more (removed images, a replaced QR code). */
  filesToDelete: string[]
}

async function deleteFiles(deps: Pick<AppDeps, 'storage' | 'logger'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    // A file left behind costs disk space, never correctness: its key is random and no row names it.
    await deps.storage.delete(key).catch((error) => deps.logger.error('[catalogue] could not delete a file:', error))
  }
}

/**
 * Runs `work` in one database transaction. Files are stored before it (uploads are slow; a transaction should not
 * wait for them), so `uploaded` is deleted again if the transaction fails; after it commits, files it let go are
 * deleted and low-stock notices sent. Nothing outside the database happens for a change that did not happen.
 */
export async function commitThen<T>(deps: CatalogueDeps, uploaded: string[], work: (tx: Tx, after: AfterCommit) => Promise<T>): Promise<T> {
  const after: AfterCommit = { notices: [], filesToDelete: [] }
  let result: T
  try {
    result = await deps.db.transaction((tx) => work(tx, after))
  } catch (error) {
    await deleteFiles(deps, uploaded)
    throw error
  }
  await deleteFiles(deps, after.filesToDelete)
  await sendLowStockNotices(deps, after.notices)
  return result
}
