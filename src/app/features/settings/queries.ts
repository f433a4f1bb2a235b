import { queryOptions } from '@tanstack/react-query'
import { vendorEndpoints } from '../../../contract/vendor'
import { api } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

export const vendorProfileQuery = () =>
  queryOptions({
    queryKey: queryKeys.vendor.profile(),
    queryFn: async ({ signal }) => (await api(vendorEndpoints.vendorProfile, { signal })).data,
  })
