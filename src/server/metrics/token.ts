/** The shortest METRICS_TOKEN accepted: as long as the other secrets production mode asks for (issue 37). */
export const MIN_METRICS_TOKEN_LENGTH = 32

/**
 * METRICS_TOKEN: the bearer token Prometheus sends to GET /metrics. Unset, /metrics is a 404. A short one stops the
 * start naming it: the metrics show traffic and money flows, and a guessable token would hand them out.
 */
export function metricsTokenFromEnv(value = process.env.METRICS_TOKEN): string | null {
  const trimmed = value?.trim()
  if (!trimmed) return null
  if (trimmed.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new Error(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters (e.g. openssl rand -hex 32), got ${trimmed.length}`,
    )
  }
  return trimmed
}
