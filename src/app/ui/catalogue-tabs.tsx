import { TabNav } from './tab-nav'

export type CatalogueSection = 'products' | 'collections' | 'coupons'

/**
 * Products, Collections and Coupons share the one Products menu entry (SPEC §6 gates all three by
 * VENDOR_INVENTORY); these tabs move between them. Here, not in a feature, because each section is its own
 * feature and features do not import each other.
 */
export function CatalogueTabs({ current }: { current: CatalogueSection }) {
  return (
    <TabNav
      label="Catalogue sections"
      items={[
        { label: 'Products', link: { to: '/products' }, current: current === 'products' },
        { label: 'Collections', link: { to: '/products/collections' }, current: current === 'collections' },
        { label: 'Coupons', link: { to: '/products/coupons' }, current: current === 'coupons' },
      ]}
    />
  )
}
