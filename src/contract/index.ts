import { authEndpoints } from './auth'
import type { EndpointDef } from './endpoint'
import { vendorEndpoints } from './vendor'

/** Every endpoint of the API, by name. The server registers each, tests iterate them, OpenAPI is made from them. */
export const endpoints = {
  ...authEndpoints,
  ...vendorEndpoints,
} satisfies Record<string, EndpointDef>

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
