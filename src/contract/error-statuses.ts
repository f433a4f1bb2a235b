import type { ErrorCode } from './error-codes'

/*
 * The HTTP status each error `code` is answered with (a few codes are answered under two, e.g. an expired phone code
 * is 410 on the phone step and 422 where codes share invalidCode()). The OpenAPI document (server/http/openapi.ts)
 * reads an operation's codes (the pipeline's and the endpoint's own `errors`) through this table to know which
 * statuses it declares; the server suite's conformance check (decision 170) fails a code answered under a status
 * this table does not give it.
 */
const BY_STATUS = {
  400: ['BAD_JSON', 'BAD_MULTIPART', 'BAD_REQUEST', 'IDEMPOTENCY_KEY_REQUIRED', 'IDEMPOTENCY_KEY_INVALID', 'SESSION_KEY_REQUIRED'],
  401: ['UNAUTHENTICATED', 'INVALID_CREDENTIALS', 'INVALID_OPERATOR_KEY', 'INVALID_SIGNATURE'],
  403: [
    'VENDOR_NOT_APPROVED',
    'FORBIDDEN',
    'ACCOUNT_INACTIVE',
    'PIN_LOCKED',
    'OWNER_ONLY',
    'CANNOT_CHANGE_OWNER',
    'PERMISSION_NOT_HELD',
    'OUTLET_INACTIVE',
    'API_KEY_SCOPE_MISSING',
    'API_KEY_NOT_ALLOWED',
  ],
  404: ['NOT_FOUND', 'INVITE_NOT_FOUND', 'PAY_LINK_NOT_FOUND', 'ORDER_LINK_NOT_FOUND', 'SHOP_NOT_FOUND'],
  408: ['REQUEST_TIMEOUT'],
  409: [
    'IDEMPOTENCY_MISMATCH',
    'IDEMPOTENCY_KEY_OTHER_USER',
    'IDEMPOTENCY_IN_PROGRESS',
    'IDEMPOTENCY_KEY_REUSED',
    'WEBHOOK_ENDPOINT_INACTIVE',
    'API_KEY_CHANGED',
    'PIN_EXISTS',
    'PIN_NOT_SET',
    'PIN_CHANGED',
    'NO_SETTLEMENT_CHANGE',
    'BATCH_NOT_CONFIRMED',
    'BATCH_ALREADY_STARTED',
    'ALREADY_APPROVED',
    'PHONE_TAKEN',
    'PHONE_ALREADY_VERIFIED',
    'PHONE_NOT_VERIFIED',
    'URL_TAKEN',
    'EMAIL_TAKEN',
    'ALREADY_JOINED',
    'MEMBER_INACTIVE',
    'CANNOT_CHANGE_SELF',
    'OUTLET_INACTIVE',
    'OUTLET_NAME_TAKEN',
    'ALREADY_OUTLET_MEMBER',
    'COLLECTION_NAME_TAKEN',
    'NOT_ENOUGH_STOCK',
    'VARIANT_UNITS_CHANGED',
    'VARIANT_CODE_TAKEN',
    'PAY_LINK_SOLD_OUT',
    'PAY_LINK_NOT_PAYABLE',
    'COUPON_CODE_TAKEN',
    'COUPON_NOT_USABLE',
    'TAX_NAME_TAKEN',
    'ILLEGAL_STATUS_CHANGE',
    'TRANSACTION_NOT_MATCHABLE',
    'NOT_MARKABLE_AS_POS',
    'CREDIT_ALREADY_USED',
    'CREDIT_NOT_ATTACHABLE',
    'ORDER_NOT_PAYABLE',
    'REFUND_NOT_ALLOWED',
    'REFUND_ACCOUNT_CHANGED',
    'DISPUTE_EXISTS',
    'DISPUTE_ALREADY_ESCALATED',
    'DISPUTE_RESOLVED',
    'DOMAIN_TAKEN',
    'DOMAIN_LIMIT',
  ],
  410: ['INVITE_EXPIRED', 'INVITE_REVOKED', 'INVITE_USED', 'CODE_EXPIRED', 'CODE_BURNED'],
  413: ['PAYLOAD_TOO_LARGE'],
  422: [
    'VALIDATION_FAILED',
    'INVALID_CURRENT_PASSWORD',
    'INVALID_PASSWORD',
    'INVALID_CODE',
    'CODE_EXPIRED',
    'CODE_BURNED',
    'INVALID_PIN',
    'PIN_SESSION_INVALID',
    'UNKNOWN_BANK',
    'INVALID_ACCOUNT_NUMBER',
    'NAME_ENQUIRY_FAILED',
    'INVALID_REQUEST_ID',
    'THIRD_PARTY_TRANSFERS_DISABLED',
    'INSUFFICIENT_FUNDS',
    'AMOUNT_TOO_LARGE',
    'SETTLEMENT_NAME_MISMATCH',
    'SETTLEMENT_COOLING_OFF',
    'TRANSFER_LIMIT_EXCEEDED',
    'DAILY_LIMIT_EXCEEDED',
    'BATCH_REVIEW_EXPIRED',
    'BATCH_NOTHING_TO_SEND',
    'OWNER_SEES_EVERY_OUTLET',
    'NO_REFUND_ACCOUNT',
    'DOMAIN_NOT_ALLOWED',
  ],
  429: ['RATE_LIMITED'],
  431: ['HEADERS_TOO_LARGE'],
  500: ['INTERNAL'],
  503: ['LIMITS_UNAVAILABLE', 'SHUTTING_DOWN', 'CODE_NOT_SENT', 'BANK_UNAVAILABLE', 'DNS_UNREACHABLE'],
} as const satisfies Record<number, readonly ErrorCode[]>

export type ErrorStatus = keyof typeof BY_STATUS

/** The statuses a code is answered with. */
export function statusesOf(code: ErrorCode): ErrorStatus[] {
  return (Object.keys(BY_STATUS).map(Number) as ErrorStatus[]).filter((status) =>
    (BY_STATUS[status] as readonly ErrorCode[]).includes(code),
  )
}

/** Every code listed under a status (a test checks each ErrorCode has one). */
export const CODES_WITH_STATUS: readonly ErrorCode[] = Object.values(BY_STATUS).flat()
