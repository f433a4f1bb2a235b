import { endpoints } from '#contract/index'

import { EVENT_PATHS } from '../events/route'
import { buildOpenApi } from './openapi'
import type { Json } from './openapi-schemas'
import { PROBE_PATHS } from './probes'

/**
 * The document /api/openapi.json serves: the contract's endpoints, the probes and the event stream. One function,
 * so the server, the suite's conformance check and `npm run check:openapi` read the same document (decision 170).
 */
export function apiDocument(): Json {
  return buildOpenApi(endpoints, { ...PROBE_PATHS, ...EVENT_PATHS })
}
