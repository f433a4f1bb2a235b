import type { Dispute, DisputeCategory, DisputeInfo, DisputeMessage } from '#contract/disputes'

import type { DisputeCategoryRow, DisputeMessageRow, DisputeRow, OrderRow } from '../db/sales-schema'
import { toOrderSummary } from '../orders/summary'

export function toDisputeCategory(row: DisputeCategoryRow): DisputeCategory {
  return { id: row.id, category: row.category, description: row.description }
}

export function toDispute(row: DisputeRow, category: DisputeCategoryRow): Dispute {
  return {
    id: row.id,
    orderReference: row.orderReference,
    title: row.title,
    description: row.description,
    category: toDisputeCategory(category),
    status: row.status,
    // Escalation happens once and is never undone: a dispute an administrator later resolved was still escalated.
    isEscalated: row.escalatedAt !== null,
    escalationReason: row.escalationReason,
    escalatedAt: row.escalatedAt?.toISOString() ?? null,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toDisputeInfo(row: { dispute: DisputeRow; category: DisputeCategoryRow; order: OrderRow }): DisputeInfo {
  return { ...toDispute(row.dispute, row.category), order: toOrderSummary(row.order) }
}

export function toDisputeMessage(row: DisputeMessageRow): DisputeMessage {
  return {
    id: row.id,
    author: row.author,
    authorName: row.authorName,
    message: row.body,
    createdAt: row.createdAt.toISOString(),
  }
}
