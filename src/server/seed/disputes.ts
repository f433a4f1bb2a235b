import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm'

import { type Clock, MINUTE_MS } from '../clock'
import type { Db } from '../db/client'
import { disputes, type OrderRow, orders } from '../db/sales-schema'
import { users } from '../db/schema'
import { appendMessage } from '../disputes/conversation'
import { escalateDispute } from '../disputes/escalate'
import { type NewDispute, openDispute } from '../disputes/open'

/*
 * Two disputes on the demo vendor's paid orders, made through the dispute code itself, so the Disputes screens
 * open on something real: one still being talked through, one escalated to an administrator.
 */

interface Script {
  dispute: Omit<NewDispute, 'orderReference'>
  /** Alternating lines; 'customer' lines are written under the order's customer name. */
  thread: ['customer' | 'vendor', string][]
  escalation?: string
}

const SCRIPTS: Script[] = [
  {
    dispute: {
      title: 'Customer says the delivery never arrived',
      description:
        'The customer paid by transfer and says the rider never reached her in Lekki. Our dispatch book shows the order left the kitchen at 1:15pm.',
      category: 'item-not-received',
    },
    thread: [
      ['customer', 'Good afternoon. I paid since morning and nothing has come. The rider is not picking my calls.'],
      ['vendor', 'Sorry about this, ma. The rider left at 1:15pm for Lekki Phase 1. We are calling him now.'],
      ['customer', 'It is almost 5pm. Please send the food or refund my money.'],
      ['vendor', 'The rider says the estate gate turned him back. We are asking Support to help us settle this fairly.'],
    ],
    escalation:
      'The rider could not get past the estate gate and the customer wants a refund. Please help confirm the delivery attempt before we refund.',
  },
  {
    dispute: {
      title: 'Party pack smaller than pictured',
      description: 'The customer says the jollof rice party pack was smaller than the picture on our page.',
      category: 'not-as-described',
    },
    thread: [
      ['customer', 'The party pack I got cannot feed 10 people like your page said. It is half of what I bought last month.'],
      ['vendor', 'Thank you for telling us. Please send a photo of the pack and we will send the difference or a fresh pack tomorrow.'],
    ],
  },
]

export async function seedDisputes(db: Db, { vendorId, clock }: { vendorId: string; clock: Clock }): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(disputes).where(eq(disputes.vendorId, vendorId))
  if (existing!.n > 0) return
  const [owner] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.vendorId, vendorId), eq(users.role, 'owner')))
  if (!owner) return
  // The newest paid orders, those with a named customer first: a dispute is about money that arrived.
  const paid = await db
    .select()
    .from(orders)
    .where(and(eq(orders.vendorId, vendorId), gt(orders.amountPaid, 0)))
    .orderBy(sql`${orders.customerId} is null`, desc(orders.createdAt), asc(orders.id))
    .limit(SCRIPTS.length)
  const now = clock.now()
  await db.transaction(async (tx) => {
    for (const [i, order] of paid.entries()) await playScript(tx, vendorId, owner, order, SCRIPTS[i]!, now)
  })
}

async function playScript(db: Db, vendorId: string, owner: { id: string; name: string }, order: OrderRow, script: Script, now: Date) {
  // Every step between the order and now, at most 40 minutes apart, however recent the order is.
  const steps = script.thread.length + (script.escalation ? 2 : 1)
  const step = Math.min(40 * MINUTE_MS, Math.floor((now.getTime() - order.createdAt.getTime()) / (steps + 1)))
  const at = (n: number) => new Date(order.createdAt.getTime() + (n + 1) * step)
  const opened = await openDispute(db, vendorId, owner, { ...script.dispute, orderReference: order.reference }, at(0))
  for (const [n, [author, body]] of script.thread.entries()) {
    await appendMessage(db, {
      vendorId,
      disputeId: opened.id,
      author,
      authorName: author === 'vendor' ? owner.name : (order.customerName ?? 'Customer'),
      userId: author === 'vendor' ? owner.id : null,
      body,
      now: at(n + 1),
    })
  }
  if (script.escalation) {
    await escalateDispute(db, vendorId, owner, { disputeId: opened.id, reason: script.escalation }, at(steps - 1))
  }
}
