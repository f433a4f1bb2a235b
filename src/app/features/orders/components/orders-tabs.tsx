import { TabNav } from '#app/ui/tab-nav'

/**
 * Orders | Disputes: disputes are raised against orders and share the Orders menu entry (SPEC §6 gates both by
 * VENDOR_ORDERS). The disputes list (/orders/disputes) shows the same tabs.
 */
export function OrdersTabs({ current }: { current: 'orders' | 'disputes' }) {
  return (
    <TabNav
      label="Order sections"
      items={[
        { label: 'Orders', link: { to: '/orders' }, current: current === 'orders' },
        { label: 'Disputes', link: { to: '/orders/disputes' }, current: current === 'disputes' },
      ]}
    />
  )
}
