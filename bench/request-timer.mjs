// Preloaded (node --import) into the bench server when BENCH_REQUEST_TIMES names a file: for each method and path,
// the times from the 'request' event (the handler starts) to 'finish' (the response is handed to the OS), written
// there as JSON when the process exits. Time spent before 'request' is queueing outside the app.
import { writeFileSync } from 'node:fs'
import http from 'node:http'

const file = process.env.BENCH_REQUEST_TIMES
const times = {}
if (file) {
  const emit = http.Server.prototype.emit
  http.Server.prototype.emit = function (event, ...args) {
    const [request, response] = args
    if (event === 'request') {
      const started = performance.now()
      const key = `${request.method} ${request.url.split('?')[0]}`
      response.on('finish', () => (times[key] ??= []).push(performance.now() - started))
    }
    return emit.call(this, event, ...args)
  }
  process.on('exit', () => writeFileSync(file, JSON.stringify(times)))
}
