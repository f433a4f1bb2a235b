import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api, apiFile } from '#app/lib/api'
import { readCsvDownload } from '#app/lib/csv'
import { queryKeys } from '#app/lib/query-keys'
import type { ExportedFile } from '#app/ui/export-button'
import { catalogueCsvEndpoints } from '#contract/catalogue-csv'
import { fileNameDay } from '#contract/csv'
import type { BodyInput } from '#contract/endpoint'

import { invalidateProductLists } from './queries'

/*
 * The catalogue in and out by CSV, and the list's bulk edit (issue 41, decision 177). The export is the server's
 * streamed file (the shape of the transactions export); the import is sent as text, checked first (the dry run),
 * then imported.
 */

/** Every live product as the CSV the import reads back. */
export async function exportCatalogue(onProgress: (rows: number) => void, signal?: AbortSignal): Promise<ExportedFile> {
  const response = await apiFile(catalogueCsvEndpoints.exportCatalogue, { signal })
  const { blob, rows } = await readCsvDownload(response, onProgress)
  return { blob, name: `catalogue-${fileNameDay(new Date().toISOString())}.csv`, rows }
}

/** The dry run: nothing is written, so no cache changes and no toast (the sheet shows the report). */
export function useCheckImport() {
  return useMutation({
    mutationFn: (csv: string) => api(catalogueCsvEndpoints.checkCatalogueImport, { body: { csv } }),
    meta: { successToast: false },
  })
}

export function useImportCatalogue() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (csv: string) => api(catalogueCsvEndpoints.importCatalogue, { body: { csv } }),
    onSettled: () => {
      invalidateProductLists(queryClient)
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.details() })
    },
  })
}

export type BulkEditBody = BodyInput<typeof catalogueCsvEndpoints.bulkEditProducts>

/**
 * PATCH /product/bulk with the attempt's Idempotency-Key: a tap retried after no answer (a flaky connection) is
 * replayed by the server, so a price change is never applied twice.
 */
export function useBulkEdit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BulkEditBody; idempotencyKey: string }) =>
      api(catalogueCsvEndpoints.bulkEditProducts, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSettled: (_answer, _error, { body }) => {
      invalidateProductLists(queryClient)
      for (const id of body.ids) void queryClient.invalidateQueries({ queryKey: queryKeys.products.detail(id) })
    },
  })
}
