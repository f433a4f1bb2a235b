import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '../lib/list-search'
import { PagedList, type PagedListProps } from './paged-list'

/** What a list screen hands its list: the filters from the URL (page and size among them) and how to move through them. */
export interface UrlPaging<F extends { page?: number; size?: number }> {
  filters: F
  onPageChange: (page: number) => void
  onSizeChange: (size: PageSize) => void
}

export interface UrlPagedListProps<T>
  extends
    UrlPaging<{ page?: number; size?: number }>,
    Omit<PagedListProps<T, PageSize>, 'page' | 'size' | 'sizes' | 'onPageChange' | 'onSizeChange'> {}

/**
 * A PagedList whose page and size live in the URL (?page=3&size=50): the first page and 20 rows when unset, and
 * 'Rows per page' offering 20, 50 and 100, as every list screen does.
 */
export function UrlPagedList<T>({ filters, ...props }: UrlPagedListProps<T>) {
  return <PagedList {...props} page={filters.page ?? 1} size={filters.size ?? DEFAULT_PAGE_SIZE} sizes={PAGE_SIZES} />
}
