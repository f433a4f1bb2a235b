import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'

import { coupon, couponPage } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

const COUPONS = [
  coupon(),
  coupon({
    id: 'coupon-2',
    name: 'Weekend treat',
    couponCode: 'WKND',
    valueType: 'FLAT',
    value: 50_000,
    maxUsage: 20,
    currentUsage: 20,
    state: 'used_up',
  }),
]

/** Coupons served a page at a time from `total`, recording the pages asked for. */
function couponsApi(total: number) {
  const pages: string[] = []
  server.use(
    handle(endpoints.listCoupons, ({ request }) => {
      const params = new URL(request.url).searchParams
      pages.push(`${params.get('page')}/${params.get('size')}`)
      const page = Number(params.get('page'))
      const items = Array.from({ length: Math.max(0, Math.min(20, total - (page - 1) * 20)) }, (_, i) => {
        const n = (page - 1) * 20 + i
        return coupon({ id: `coupon-${n}`, name: `Coupon ${n}`, couponCode: `CODE${n}` })
      })
      return ok(couponPage(items, page, 20, total))
    }),
  )
  return pages
}

describe('Coupons list', () => {
  it('shows each coupon with its code, value, usage, dates and state under the catalogue tabs', async () => {
    server.use(handle(endpoints.listCoupons, () => ok(couponPage(COUPONS))))
    renderApp('/products/coupons')
    // The screen's pending skeleton has the same heading: the tabs come with the screen itself.
    const tabs = await screen.findByRole('navigation', { name: 'Catalogue sections' })
    expect(screen.getByRole('heading', { level: 1, name: 'Coupons' })).toBeTruthy()
    expect(within(tabs).getByRole('link', { name: 'Coupons' }).getAttribute('aria-current')).toBe('page')

    const list = await screen.findByRole('list', { name: 'Coupons' })
    const [first, second] = within(list).getAllByRole('link')
    expect(first!.textContent).toContain('December sale')
    expect(first!.textContent).toMatch(/DEC10 · 10\s% off/)
    expect(first!.textContent).toContain('01/12/2026 – 31/12/2026')
    expect(within(first!).getByText('scheduled')).toBeTruthy()
    expect(within(first!).getByLabelText('Used 3 of 100')).toBeTruthy()
    expect(second!.textContent).toContain('WKND · ₦500.00 off')
    expect(within(second!).getByText('used up')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create Coupon' })).toBeTruthy()
    // One page only: a count, no page buttons.
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pagination).getByText('Showing 1–2 of 2 coupons')).toBeTruthy()
    expect(within(pagination).queryByRole('button', { name: 'Next page' })).toBeNull()
  })

  it('pages through coupons with the page in the URL', async () => {
    const pages = couponsApi(45)
    const { user, router } = renderApp('/products/coupons')
    await screen.findByText('Coupon 0')
    const pager = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pager).getByText('Showing 1–20 of 45 coupons')).toBeTruthy()
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true)

    await user.click(within(pager).getByRole('button', { name: 'Next page' }))
    expect(await screen.findByText('Coupon 20')).toBeTruthy()
    expect(screen.getByText('Showing 21–40 of 45 coupons')).toBeTruthy()
    expect(router.state.location.search).toEqual({ page: 2 })
    expect(pages).toEqual(['1/20', '2/20'])
  })

  it('offers the pages back from a page past the end (a stale link after coupons went)', async () => {
    couponsApi(25)
    const { user, router } = renderApp('/products/coupons?page=5')
    expect(await screen.findByText('This page is past the end of the list.')).toBeTruthy()
    const pager = screen.getByRole('navigation', { name: 'Pagination' })
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }))
    expect(await screen.findByText('Coupon 20')).toBeTruthy()
    expect(router.state.location.search).toEqual({ page: 2 })
  })

  it('says when there are no coupons yet', async () => {
    server.use(handle(endpoints.listCoupons, () => ok(couponPage([]))))
    renderApp('/products/coupons')
    expect(await screen.findByText('No record found')).toBeTruthy()
    expect(screen.getByText('Coupons you create will show here.')).toBeTruthy()
  })

  it('shows a failed load with Refetch, and fetches again on it', async () => {
    // A 4xx, so the query client does not retry it by itself first.
    server.use(handle(endpoints.listCoupons, () => fail(429, 'RATE_LIMITED', 'Too many requests, try again in a minute')))
    const { user } = renderApp('/products/coupons')
    expect(await screen.findByText('Too many requests, try again in a minute')).toBeTruthy()
    server.use(handle(endpoints.listCoupons, () => ok(couponPage(COUPONS))))
    await user.click(screen.getByRole('button', { name: 'Refetch' }))
    expect(await screen.findByText('December sale')).toBeTruthy()
  })

  it('without VENDOR_INVENTORY shows why, with no Refetch and no call', async () => {
    renderApp('/products/coupons', { permissions: PERMISSIONS.filter((p) => p !== 'VENDOR_INVENTORY') })
    expect(await screen.findByText('Your role does not include products')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Create Coupon' })).toBeNull()
  })

  it('without VENDOR_INVENTORY does not open Create Coupon from its address', async () => {
    renderApp('/products/coupons/new', { permissions: PERMISSIONS.filter((p) => p !== 'VENDOR_INVENTORY') })
    expect(await screen.findByText('Your role does not include products')).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Create Coupon' })).toBeNull()
  })
})

describe('Coupon Details', () => {
  it('opens from the list with every field, and Escape goes back to the list', async () => {
    server.use(
      handle(endpoints.listCoupons, () => ok(couponPage(COUPONS))),
      handle(endpoints.couponDetail, ({ request }) => {
        const id = new URL(request.url).searchParams.get('id')
        return ok(COUPONS.find((c) => c.id === id)!)
      }),
    )
    const { user, router } = renderApp('/products/coupons')
    await user.click(await screen.findByRole('link', { name: /Weekend treat/ }))
    const sheet = await screen.findByRole('dialog', { name: 'Coupon Details' })
    expect(router.state.location.pathname).toBe('/products/coupons/coupon-2')
    expect(within(sheet).getByText('WKND')).toBeTruthy()
    expect(within(sheet).getByText('Weekend treat')).toBeTruthy()
    expect(within(sheet).getByText('Ten percent off every order in December.')).toBeTruthy()
    expect(within(sheet).getByText('Flat amount')).toBeTruthy()
    expect(within(sheet).getAllByText('₦500.00').length).toBeGreaterThan(0)
    expect(within(sheet).getByText('20 of 20 used')).toBeTruthy()
    expect(within(sheet).getByText('01/12/2026')).toBeTruthy()
    expect(within(sheet).getByText('31/12/2026')).toBeTruthy()
    expect(within(sheet).getByText('used up')).toBeTruthy()

    await user.keyboard('{Escape}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/coupons'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Coupon Details' })).toBeNull())
  })

  it('opened from a link, loads the coupon by itself and says when it is not found', async () => {
    server.use(
      handle(endpoints.listCoupons, () => ok(couponPage([]))),
      handle(endpoints.couponDetail, () => fail(404, 'NOT_FOUND', 'Coupon not found')),
    )
    renderApp('/products/coupons/nope')
    const sheet = await screen.findByRole('dialog', { name: 'Coupon Details' })
    expect(await within(sheet).findByText('Coupon not found')).toBeTruthy()
  })
})
