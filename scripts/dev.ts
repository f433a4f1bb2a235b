// `npm run dev`: the API on API_PORT (default 3001) and Vite with hot reload on PORT (default 5173),
// which proxies /api to it (vite.config.ts). Same database and seed as `npm start`.
import { createServer } from 'vite'

import { DEMO } from '#server/seed/demo'
import { startServer } from '#server/start-server'

const apiPort = Number(process.env.API_PORT ?? 3001)
process.env.API_PORT = String(apiPort)
const api = await startServer({
  port: apiPort,
  dataDir: process.env.DATA_DIR || './data',
  databaseUrl: process.env.DATABASE_URL || undefined,
  distDir: null,
})
const vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) } })
await vite.listen()
vite.printUrls()
console.info(`API on ${api.url}/api (reference: ${api.url}/api/docs)`)
// SEED_DEMO decides, as for npm start: off with DATABASE_URL unless asked for.
if (api.demoVendorId) {
  console.info(`Demo login: ${DEMO.email} / ${DEMO.password}`)
  console.info(`Demo PIN: ${DEMO.pin}`)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([vite.close(), api.close()]).then(() => process.exit(0))
  })
}
