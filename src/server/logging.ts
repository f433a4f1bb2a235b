import { AsyncLocalStorage } from 'node:async_hooks'
import { formatWithOptions } from 'node:util'

/*
 * LOG_FORMAT=json (decision 104): one JSON object per line, for a collector that gathers several API processes'
 * output. Without it the server logs through the console, as it always has, and writes no line per request.
 */

/** What a request leaves in the log when requests are logged: never its query string, headers or body (decision 071). */
export interface RequestLine {
  requestId: string
  method: string
  /** The path alone: query strings carry invitation tokens and e-mail addresses. */
  path: string
  status: number
  ms: number
}

/** The request a log line was written for, so lines a handler writes carry its id. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>()

type Level = 'info' | 'warn' | 'error'

export interface JsonLoggerOptions {
  /** Default: info to stdout, warn and error to stderr, as the console splits them. */
  write?: (line: string, level: Level) => void
  now?: () => Date
}

const writeToStreams = (line: string, level: Level) => (level === 'info' ? process.stdout : process.stderr).write(line)

/**
 * A Logger (deps.ts) that writes `{ time, level, msg, pid, requestId? }` lines, plus `request()` for the line each
 * request leaves. The message is what the console would print for the same arguments (an error with its stack),
 * inside one JSON string, so a multi-line stack stays on one line.
 */
export function jsonLogger(options: JsonLoggerOptions = {}) {
  const write = options.write ?? writeToStreams
  const now = options.now ?? (() => new Date())
  const line = (level: Level, msg: string, fields: object = {}) => {
    const requestId = requestScope.getStore()?.requestId
    const record = { time: now().toISOString(), level, msg, pid: process.pid, ...(requestId ? { requestId } : {}), ...fields }
    write(`${JSON.stringify(record)}\n`, level)
  }
  const at =
    (level: Level) =>
    (...args: unknown[]) =>
      line(level, formatWithOptions({ colors: false, breakLength: Infinity }, ...args))
  return {
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    request: (fields: RequestLine) => line(fields.status >= 500 ? 'error' : 'info', 'request', fields),
  }
}
