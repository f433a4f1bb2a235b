import { describe, expect, it } from 'vitest'

import { menuFor, type MenuItem } from '#app/lib/permissions'
import { permissionLabel, PERMISSIONS } from '#contract/permissions'

const labels = (items: MenuItem[]) => items.map((i) => i.label)

describe('menu filtering by permission', () => {
  it('shows only the entries whose permission the user holds', () => {
    expect(labels(menuFor(['VENDOR_TRANSACTIONS']))).toEqual(['Transactions', 'Settings'])
  })

  it('offers Home, the wallet’s screen, only with the wallet (issue 22)', () => {
    expect(labels(menuFor(['VENDOR_WALLET', 'VENDOR_TRANSACTIONS']))).toEqual(['Home', 'Transactions', 'Settings'])
  })

  it('lets orders and invoices share VENDOR_ORDERS', () => {
    expect(labels(menuFor(['VENDOR_ORDERS']))).toEqual(['Orders', 'Invoices', 'Settings'])
  })

  it('shows every area to a user holding all five menu permissions, in menu order', () => {
    const all = ['VENDOR_OUTLETS', 'VENDOR_INVENTORY', 'VENDOR_CUSTOMERS', 'VENDOR_TRANSACTIONS', 'VENDOR_ORDERS']
    expect(labels(menuFor(all))).toEqual(['Orders', 'Invoices', 'Transactions', 'Customers', 'Products', 'Outlets', 'Settings'])
  })

  it('ignores permission names it does not know', () => {
    expect(labels(menuFor(['SOMETHING_ELSE']))).toEqual(['Settings'])
  })
})

describe('permission labels', () => {
  it('names each permission in plain words (issue 22, decision 109), and an unknown one in lowercase words', () => {
    expect(permissionLabel('VENDOR_ORDERS')).toBe('Orders and invoices')
    expect(permissionLabel('VENDOR_TRANSFERS')).toBe('Send money')
    expect(PERMISSIONS.map(permissionLabel).filter((label) => /VENDOR|vendor|_/.test(label))).toEqual([])
    expect(permissionLabel('VENDOR_SOMETHING_NEW')).toBe('vendor something new')
  })
})
