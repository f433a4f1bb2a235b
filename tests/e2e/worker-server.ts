import { startSharedServer } from './browser'

// Before each e2e file: this worker's shared server, started by the first file (browser.ts).
await startSharedServer()
