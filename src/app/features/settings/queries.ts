import { queryOptions } from '@tanstack/react-query'
import { endpoints } from '../../../contract'
import { api } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

export const vendorProfileQuery = () =>
  queryOptions({
    queryKey: queryKeys.vendor.profile(),
    queryFn: async ({ signal }) => (await api(endpoints.vendorProfile, { signal })).data,
  })
