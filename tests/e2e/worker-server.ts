import { setScryptCostForTests } from '#server/auth/secrets'

import { startSharedServer } from './browser'

// Every server this worker starts (the shared one, a file's own) hashes passwords at the server suite's low scrypt
// cost, as tests/server/setup.ts does (decision 204): at full cost each sign-in, new password and seeded user burns
// 0.3 s of CPU, and the suite's hundreds of them took a core from Chromium. Hashes record their own cost.
setScryptCostForTests({ N: 1024, r: 8, p: 1 })

// Before each e2e file: this worker's shared server, started by the first file (browser.ts).
await startSharedServer()
