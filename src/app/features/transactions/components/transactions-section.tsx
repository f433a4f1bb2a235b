import { useCallback, useId, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { fromDateSearch, toDateSearch } from '#app/lib/date-search'
import type { CustomerPickerComponent } from '#app/ui/customer-choice'
import { DateFilter } from '#app/ui/date-filter'
import { FilterButton } from '#app/ui/filter-button'
import { SearchBox } from '#app/ui/search-box'

import { activeFilterCount, listFilters, TRANSACTION_SEARCH_LABEL, TRANSACTION_SEARCH_PLACEHOLDER, type TransactionSearch } from '../search'
import type { TransactionSource } from '../source'
import { ActiveFilters, FilterTransactionsSheet, type SheetFilters } from './transaction-filters'
import { TransactionList } from './transaction-list'

const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' })

export interface TransactionsSectionProps {
  /** The filters in force, from the URL of the page the section sits on. */
  search: TransactionSearch
  /** Called with the filters that changed; the page puts them in its URL. */
  onSearchChange: (patch: Partial<TransactionSearch>) => void
  source: TransactionSource
  /** The customer picker, when the user may list customers (VENDOR_CUSTOMERS); the route decides. */
  picker?: CustomerPickerComponent
  customerName?: string
}

/**
 * A wallet's transactions as a section of a page (an outlet's): the Date filter, Filter Transactions and its
 * chips, and the list, as on /transactions.
 */
export function TransactionsSection({ search, onSearchChange, source, picker, customerName }: TransactionsSectionProps) {
  const titleId = useId()
  const [filtering, setFiltering] = useState(false)
  const filters = useMemo(() => listFilters(search), [search])
  const setSheetFilters = (value: SheetFilters) =>
    onSearchChange({ status: value.status, type: value.type, customerId: value.customerId, unattached: value.unattached })
  const onSearch = useCallback((q: string) => onSearchChange({ q: q || undefined }), [onSearchChange])
  return (
    <section aria-labelledby={titleId} className={stack({ gap: '3' })}>
      <div className={header}>
        <h2 id={titleId} className={css({ textStyle: 'title.sm' })}>
          Transactions
        </h2>
        <FilterButton count={activeFilterCount(search)} onClick={() => setFiltering(true)} />
      </div>
      <SearchBox value={search.q ?? ''} onChange={onSearch} label={TRANSACTION_SEARCH_LABEL} placeholder={TRANSACTION_SEARCH_PLACEHOLDER} />
      <DateFilter value={fromDateSearch(search)} onChange={(value) => onSearchChange(toDateSearch(value))} />
      <ActiveFilters value={search} onChange={setSheetFilters} customerName={customerName} />
      <TransactionList filters={filters} source={source} />
      <FilterTransactionsSheet
        open={filtering}
        onOpenChange={setFiltering}
        value={search}
        onApply={setSheetFilters}
        picker={picker}
        customerName={customerName}
      />
    </section>
  )
}
