/** What an operator watches (decision 154): the registry in AppDeps, the route, and what other areas call. */
export { AppMetrics, collectProcessMetrics, type JobOutcome } from './app-metrics'
export { providerName } from './provider'
export { METRICS_PATH, mountMetrics, requestMetrics } from './route'
export { metricsTokenFromEnv } from './token'
