/*
 * Every `code` the API can answer with in `{ message, code, issues? }`, each with a line saying what it means. The
 * server's ApiError takes only these (an undeclared code is a type error), and the app's ApiError.code is typed
 * from them. tests/unit/error-codes.test.ts scans src/server so a code cannot be thrown undeclared even where the
 * types are bypassed. The message is for people and may change; the code is for programs and may not.
 *
 * The app imports only the type (`import type { ErrorCode }`): the table is documentation at run time and stays
 * out of the first screen's bundle (decisions 082, 083).
 */

export const ERROR_CODES = {
  // Any endpoint (http/register.ts, http/node-server.ts, app.ts)
  BAD_JSON: 'The request body is not valid JSON.',
  BAD_MULTIPART: 'The request body is not the multipart form the endpoint takes.',
  PAYLOAD_TOO_LARGE: 'The request body is larger than the endpoint allows (413).',
  HEADERS_TOO_LARGE: 'The request headers are larger than the server reads (431); the connection is closed.',
  BAD_REQUEST: 'The request is not valid HTTP, or its target or Host header is not (400).',
  REQUEST_TIMEOUT: 'The request did not arrive in time (408); the connection is closed.',
  VALIDATION_FAILED: 'The input does not match the contract or a rule; `issues` says which field and why.',
  UNAUTHENTICATED: 'No live session: the token is missing, unknown, revoked or expired (401).',
  VENDOR_NOT_APPROVED: 'The vendor is not approved yet, so only onboarding calls are open.',
  FORBIDDEN: 'The caller does not hold the permission the endpoint needs.',
  NOT_FOUND: 'No such thing for this vendor (another vendor’s id included), no such endpoint, or no such file.',
  RATE_LIMITED: 'Too many attempts in the window; try again after the time the message gives (429).',
  LIMITS_UNAVAILABLE:
    'The shared attempt counters (Redis) cannot be reached, so sign-in or a password check was refused rather than run uncounted; try again shortly (503).',
  INTERNAL: 'An unexpected error; the server logged it (500).',
  SHUTTING_DOWN: 'This process is stopping and opens no new event stream; connect again, to another process (503).',

  // Idempotency-Key (http/idempotency.ts, money/transfers.ts)
  IDEMPOTENCY_KEY_REQUIRED: 'The endpoint is idempotent and the Idempotency-Key header is missing.',
  IDEMPOTENCY_KEY_INVALID: 'The Idempotency-Key header is not 1 to 100 letters, digits or . _ : -',
  IDEMPOTENCY_MISMATCH: 'The key was already used for a different request.',
  IDEMPOTENCY_KEY_OTHER_USER: 'The key was claimed by another user of the same vendor.',
  IDEMPOTENCY_IN_PROGRESS: 'A request with this key is still running; retry in a moment.',
  IDEMPOTENCY_KEY_REUSED: 'The key was already spent on an earlier transfer.',

  // Sign-in, accounts, one-time codes (routes/auth.ts, auth/codes.ts, routes/operator.ts)
  INVALID_CREDENTIALS: 'Email or password is wrong (login).',
  ACCOUNT_INACTIVE: 'The user was deactivated by the business owner.',
  INVALID_CURRENT_PASSWORD: 'The current password given to change the password is wrong.',
  INVALID_PASSWORD: 'The account password given to reset the PIN is wrong.',
  INVALID_CODE: 'The one-time code is wrong, or there is no live code.',
  CODE_EXPIRED: 'The one-time code has expired or was replaced; ask for a new one.',
  CODE_BURNED: 'Too many wrong tries on the one-time code; ask for a new one.',
  CODE_NOT_SENT: 'A one-time code (phone, password reset, PIN change) could not be sent now; ask again (503).',
  INVALID_OPERATOR_KEY: 'The X-Operator-Key header is missing or wrong (operator calls).',

  // Transaction PIN (pin.ts, routes/pin.ts)
  INVALID_PIN: 'The PIN is wrong; the message says how many tries are left.',
  PIN_LOCKED: 'Five wrong PINs: locked until it is changed with the account password.',
  PIN_NOT_SET: 'The user has no transaction PIN yet.',
  PIN_EXISTS: 'The user already has a PIN; change it instead of creating one.',
  PIN_CHANGED: 'The PIN was changed while this try was checked (409); try again with the new PIN.',
  PIN_SESSION_INVALID: 'The PIN change session is unknown or expired; start again.',
  SESSION_KEY_REQUIRED: 'The x-session-key header from the code step is missing.',

  // Banking and money (money/name-enquiry.ts, money/transfers.ts, money/ledger.ts, routes/transfers.ts)
  UNKNOWN_BANK: 'The bank code is not a bank we can send to.',
  INVALID_ACCOUNT_NUMBER: 'The account number fails the NUBAN check digit for that bank.',
  BANK_UNAVAILABLE: 'The bank could not be reached for a name enquiry (503).',
  NAME_ENQUIRY_FAILED: 'The bank did not resolve the account.',
  INVALID_REQUEST_ID: 'The name enquiry’s requestId is unknown, used or expired; resolve the account again.',
  THIRD_PARTY_TRANSFERS_DISABLED: 'Third-party transfers are off: money may only go to the settlement account.',
  INSUFFICIENT_FUNDS: 'The wallet cannot pay the amount and its fee.',
  AMOUNT_TOO_LARGE: 'The amount would take a wallet past what it can hold.',
  INVALID_SIGNATURE: 'The bank webhook’s X-Provider-Signature does not match its body.',

  // Settlement and payout safety (money/settlement-safety.ts, money/send-limits.ts; decisions 143, 144)
  SETTLEMENT_NAME_MISMATCH: 'The account’s name (from the bank) matches neither the business’s registered name nor the owner’s.',
  SETTLEMENT_COOLING_OFF: 'The new settlement account cannot receive payouts until its cooling-off period ends.',
  NO_SETTLEMENT_CHANGE: 'There is no settlement account change to cancel.',
  TRANSFER_LIMIT_EXCEEDED: 'The amount is above the vendor’s per-transfer limit.',
  DAILY_LIMIT_EXCEEDED: 'The amount would take today’s sends (Lagos day) past the vendor’s daily limit.',

  // Payouts in bulk (money/payout-batches.ts; decision 192)
  BATCH_REVIEW_EXPIRED: 'The batch’s names were resolved too long ago to send on; upload the rows again for a fresh review.',
  BATCH_NOTHING_TO_SEND: 'No row of the batch has a resolved name, so there is nothing to send.',
  BATCH_NOT_CONFIRMED: 'The batch was never confirmed, so nothing will be sent and there is nothing to cancel.',
  BATCH_ALREADY_STARTED: 'The batch has started sending, so it can no longer be cancelled: every row goes (decision 196).',

  // Onboarding (onboarding/*)
  OWNER_ONLY: 'Only the business owner can do this.',
  ALREADY_APPROVED: 'The vendor is approved; onboarding answers can no longer change.',
  PHONE_TAKEN: 'The phone number belongs to another member or an invitation.',
  PHONE_ALREADY_VERIFIED: 'The owner’s phone number is already verified.',
  PHONE_NOT_VERIFIED: 'The phone number must be verified first.',
  URL_TAKEN: 'Another shop uses this URL.',

  // Team (team/*)
  EMAIL_TAKEN: 'The email is already used by another account.',
  ALREADY_JOINED: 'The member already accepted the invitation.',
  MEMBER_INACTIVE: 'The member is inactive; activate them first.',
  CANNOT_CHANGE_OWNER: 'The business owner’s status cannot be changed.',
  CANNOT_CHANGE_SELF: 'A user cannot change their own status.',
  PERMISSION_NOT_HELD: 'A user cannot grant or take permissions they do not hold.',
  INVITE_NOT_FOUND: 'The invitation link is not valid.',
  INVITE_EXPIRED: 'The invitation has expired.',
  INVITE_REVOKED: 'The invitation was revoked.',
  INVITE_USED: 'The invitation was already accepted.',

  // Outlets (outlets/*)
  OUTLET_INACTIVE: 'The outlet is inactive.',
  OUTLET_NAME_TAKEN: 'The vendor already has an outlet with this name.',
  ALREADY_OUTLET_MEMBER: 'The member is already in this outlet.',
  OWNER_SEES_EVERY_OUTLET: 'The owner sees every outlet and is not added to one.',

  // Catalogue and selling terms (catalogue/*, selling-terms/*)
  COLLECTION_NAME_TAKEN: 'The vendor already has a collection with this name.',
  NOT_ENOUGH_STOCK: 'Fewer units are left than the change takes.',
  VARIANT_UNITS_CHANGED: 'The variant’s units changed since an offline change was made; check and save again.',
  VARIANT_CODE_TAKEN: 'Another variant of the vendor already has this SKU or barcode.',
  PAY_LINK_NOT_FOUND: 'The pay link does not exist or is no longer shared.',
  PAY_LINK_SOLD_OUT: 'The pay link’s item is switched off or has no units left, so it cannot be bought now.',
  PAY_LINK_NOT_PAYABLE: 'The vendor has no account for bank transfers yet, so the pay link cannot take payments.',
  COUPON_CODE_TAKEN: 'The vendor already has a coupon with this code.',
  COUPON_NOT_USABLE: 'The coupon is not usable now (not started, ended or used up).',
  TAX_NAME_TAKEN: 'The vendor already has a tax with this name.',

  // Orders, refunds, transactions, disputes (orders/*, money/transaction-queries.ts, disputes/*)
  ILLEGAL_STATUS_CHANGE: 'The order cannot move from its status to the one asked.',
  TRANSACTION_NOT_MATCHABLE: 'The transaction cannot be matched to an order.',
  NOT_MARKABLE_AS_POS: 'The transaction cannot be marked as POS.',
  CREDIT_ALREADY_USED: 'The credit already paid an order or was marked as POS; it cannot be attached again.',
  CREDIT_NOT_ATTACHABLE: 'Only a successful offline credit of the main wallet can be attached to an order.',
  ORDER_NOT_PAYABLE: 'The order is paid or closed, so a credit cannot be attached to it.',
  ORDER_LINK_NOT_FOUND: 'The order link does not exist or is no longer shared.',
  REFUND_NOT_ALLOWED: 'The refund is not allowed for this order or amount; the message says why.',
  REFUND_ACCOUNT_CHANGED: 'A new payment changed the account the refund would go to since it was confirmed.',
  NO_REFUND_ACCOUNT: 'There is no bank account the refund could go to.',
  DISPUTE_EXISTS: 'The order already has a dispute that is not resolved.',
  DISPUTE_ALREADY_ESCALATED: 'The dispute was already escalated.',
  DISPUTE_RESOLVED: 'The dispute is resolved and cannot be escalated.',

  // Storefront and domains (storefront/*, domains/*)
  SHOP_NOT_FOUND: 'No approved shop at this address.',
  DOMAIN_NOT_ALLOWED: 'The domain cannot be connected (the platform’s own, or malformed).',
  DOMAIN_TAKEN: 'The domain is already connected, to this shop or another.',
  DOMAIN_LIMIT: 'The shop already has the most domains it can have.',
  DNS_UNREACHABLE: 'DNS could not be reached to check the domain (503).',

  // API keys (api-keys/*; decision 168)
  API_KEY_SCOPE_MISSING: 'The API key lacks the scope the endpoint needs; the message names it (403).',
  API_KEY_NOT_ALLOWED: 'No API key may call this endpoint (PIN, team, keys, settlement), or not from this IP address (403).',
  API_KEY_CHANGED: 'The key was rotated by another request while this rotation ran (409); list the keys again.',
  // Outgoing webhooks (webhooks/*)
  WEBHOOK_ENDPOINT_INACTIVE: 'The webhook endpoint was removed or is paused, so nothing is sent to it (409).',
} as const

export type ErrorCode = keyof typeof ERROR_CODES
