import { queryOptions } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { type DateRangeKey, queryKeys, type StatementDays } from '#app/lib/query-keys'
import { statementEndpoints } from '#contract/statements'

/** Gross sales, refunds, fees and net settled of the main wallet over a range (decision 178). */
export const netFiguresQuery = (range: DateRangeKey) =>
  queryOptions({
    queryKey: queryKeys.transactions.netFigures(range),
    queryFn: ({ signal }) => api(statementEndpoints.netFigures, { query: range, signal }).then((r) => r.data),
  })

/** A statement's summary: the main wallet's, or an outlet's when one is named. */
export const statementQuery = (days: StatementDays, outletId?: string) =>
  queryOptions({
    queryKey: outletId ? queryKeys.outlets.statement(outletId, days) : queryKeys.transactions.statement(days),
    queryFn: async ({ signal }) =>
      outletId
        ? (await api(statementEndpoints.outletStatement, { query: { outletId, ...days }, signal })).data
        : (await api(statementEndpoints.statement, { query: days, signal })).data,
  })
