import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { dateField, typeDate } from '../date-field'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { publicOrder, unpaidInvoice } from '../sales-fixtures'

useAppHarness()

/*
 * An unpaid invoice's due date can be moved, added or removed from its page (PATCH /order/due-date); a paid one
 * shows its date with nothing to change, and an order has none.
 */

function invoiceApi(overrides: Parameters<typeof unpaidInvoice>[0] = {}) {
  let invoice = unpaidInvoice(overrides)
  const sent: unknown[] = []
  server.use(
    handle(endpoints.orderDetail, () => ok(invoice)),
    handle(endpoints.publicOrder, () => ok(publicOrder({ reference: 'INV-7Q2K91XM', kind: 'invoice' }))),
    handle(endpoints.setInvoiceDueDate, async ({ request }) => {
      const body = (await request.json()) as { dueDate: string | null }
      sent.push(body)
      if (body.dueDate === '2099-01-01')
        return fail(409, 'ILLEGAL_STATUS_CHANGE', 'This invoice is paid, so its due date can no longer change.')
      invoice = { ...invoice, dueDate: body.dueDate }
      return ok(invoice, body.dueDate ? 'Due date updated' : 'Due date removed')
    }),
  )
  return sent
}

async function openSummary(path = '/invoices/INV-7Q2K91XM') {
  const view = renderApp(path)
  return { ...view, summary: await screen.findByRole('region', { name: 'Summary' }) }
}

const dueValue = (summary: HTMLElement) => within(summary).getByText('Due date').nextElementSibling

describe('Invoice due date after the invoice is made', () => {
  it('moves the date: the sheet shows the current day, saves the new one and the page shows it with a toast', async () => {
    const sent = invoiceApi()
    const { user, summary } = await openSummary()
    expect(dueValue(summary)?.textContent).toContain('15/12/2026')
    await user.click(within(summary).getByRole('button', { name: 'Change' }))
    const sheet = await screen.findByRole('dialog', { name: 'Change due date' })
    expect((await dateField('Due date', sheet)).value).toBe('15/12/2026')
    await typeDate('Due date', '10/01/2027', sheet)
    await user.click(within(sheet).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('status', { name: 'Due date updated' })).toBeTruthy()
    expect(sent).toEqual([{ reference: 'INV-7Q2K91XM', dueDate: '2027-01-10' }])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change due date' })).toBeNull())
    await waitFor(() => expect(dueValue(summary)?.textContent).toContain('10/01/2027'))
  })

  it('removes the date, and adds one to an invoice without', async () => {
    const sent = invoiceApi()
    const { user, summary } = await openSummary()
    await user.click(within(summary).getByRole('button', { name: 'Change' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Change due date' })).getByRole('button', { name: 'Remove due date' }),
    )
    expect(await screen.findByRole('status', { name: 'Due date removed' })).toBeTruthy()
    await waitFor(() => expect(dueValue(summary)?.textContent).toContain('None'))
    await user.click(within(summary).getByRole('button', { name: 'Add' }))
    const sheet = await screen.findByRole('dialog', { name: 'Add due date' })
    expect(within(sheet).queryByRole('button', { name: 'Remove due date' })).toBeNull()
    expect(sent).toEqual([{ reference: 'INV-7Q2K91XM', dueDate: null }])
  })

  it('says what is wrong in the sheet: no day, a past day, and the server’s refusal', async () => {
    const sent = invoiceApi({ dueDate: null })
    const { user, summary } = await openSummary()
    await user.click(within(summary).getByRole('button', { name: 'Add' }))
    const sheet = await screen.findByRole('dialog', { name: 'Add due date' })
    await user.click(within(sheet).getByRole('button', { name: 'Save' }))
    expect(await within(sheet).findByText('Choose a day, or remove the due date.')).toBeTruthy()
    await typeDate('Due date', '01/01/2020', sheet)
    await user.click(within(sheet).getByRole('button', { name: 'Save' }))
    expect(await within(sheet).findByText('Choose today or a later day.')).toBeTruthy()
    expect(sent).toEqual([])
    await typeDate('Due date', '01/01/2099', sheet)
    await user.click(within(sheet).getByRole('button', { name: 'Save' }))
    expect(await within(sheet).findByText('This invoice is paid, so its due date can no longer change.')).toBeTruthy()
  })

  it('a paid invoice shows its date with nothing to change', async () => {
    invoiceApi({ status: 'paid', amountPaid: 1_117_500 })
    const { summary } = await openSummary()
    expect(dueValue(summary)?.textContent).toBe('15/12/2026')
    expect(within(summary).queryByRole('button', { name: 'Change' })).toBeNull()
  })
})
