import type { EndpointName, Endpoints } from '../../contract/index'
import type { Handler } from '../http/types'
import { authHandlers } from './auth'
import { vendorHandlers } from './vendor'

/** Every endpoint of the contract has exactly one handler: adding an endpoint without one fails type-checking. */
export const handlers: { [K in EndpointName]: Handler<Endpoints[K]> } = {
  ...authHandlers,
  ...vendorHandlers,
}
