import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { listRow } from 'styled-system/recipes'

import { formatDate } from '#app/lib/dates'
import { PagedList } from '#app/ui/paged-list'
import type { Coupon } from '#contract/selling-terms'

import { COUPON_PAGE_SIZE, couponListQuery } from '../queries'
import { CouponStateBadge, couponValue } from './coupon-state-badge'

const row = cx(listRow(), css({ gridTemplateColumns: 'minmax(0, 1fr) auto', px: '4', py: '3' }))
const line = css({ display: 'block', truncate: true })
const meta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', truncate: true })
const code = css({ fontFamily: 'mono', color: 'fg.default' })
const right = stack({ alignItems: 'flex-end', gap: '1', textStyle: 'body.sm', color: 'fg.muted', whiteSpace: 'nowrap' })

function CouponRow({ coupon: c }: { coupon: Coupon }) {
  return (
    <li>
      <Link to="/products/coupons/$couponId" params={{ couponId: c.id }} search={(prev) => prev} className={row}>
        <span className={css({ minW: '0' })}>
          <span className={cx(line, css({ fontWeight: 'medium' }))}>{c.name}</span>
          <span className={meta}>
            <span className={code}>{c.couponCode}</span> · {couponValue(c)} off
          </span>
          <span className={meta}>
            {formatDate(c.startDate)} – {formatDate(c.endDate)}
          </span>
        </span>
        <span className={right}>
          <CouponStateBadge state={c.state} />
          <span aria-label={`Used ${c.currentUsage} of ${c.maxUsage}`}>
            {c.currentUsage.toLocaleString('en-NG')}/{c.maxUsage.toLocaleString('en-NG')} used
          </span>
        </span>
      </Link>
    </li>
  )
}

/** The vendor's coupons, newest first, a page at a time (the page is in the URL). */
export function CouponList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const query = useQuery({ ...couponListQuery(page), placeholderData: keepPreviousData })
  return (
    <PagedList
      query={query}
      page={page}
      size={COUPON_PAGE_SIZE}
      onPageChange={onPageChange}
      label="Coupons"
      noun={{ one: 'coupon', many: 'coupons' }}
      emptyText="Coupons you create will show here."
    >
      {(items) => items.map((coupon) => <CouponRow key={coupon.id} coupon={coupon} />)}
    </PagedList>
  )
}
