import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'

import { errorMessage } from '#app/lib/api'
import { afterFailure, type Attempt, attemptFor, stillChecking } from '#app/lib/idempotency'
import { OFFLINE_MONEY_MESSAGE, useOnline } from '#app/lib/online'
import { hasReceipt } from '#app/lib/receipt'
import { transferChargeQuery } from '#app/lib/transfer-charge'
import { useDebouncedValue } from '#app/lib/use-debounced-value'
import { usePinStep } from '#app/lib/use-pin-step'
import { Button } from '#app/ui/button'
import { InfoDialog } from '#app/ui/dialog'
import { Icon } from '#app/ui/icon'
import { PinDialog } from '#app/ui/pin-dialog'
import { ReceiptSheet } from '#app/ui/receipt-sheet'
import { Sheet } from '#app/ui/sheet'
import { type ChargeTier, feeFor } from '#contract/charges'
import { parseNairaToKobo } from '#contract/money'
import { formatKobo } from '#contract/naira'
import type { Transaction } from '#contract/transactions'

import { sendLimitsQuery, settlementAccountQuery, thirdPartyTransfersQuery, useSendMoney } from '../queries'
import { leftTodayText, payoutProblem } from '../send-limits-check'
import { confirmProblem } from '../send-money-checks'
import { accountRenamed, lookupExpired, RESOLVE_FAILED, type Resolved, useAccountResolution } from '../use-account-resolution'
import { ConfirmPayment } from './confirm-payment'
import { EMPTY_SEND_MONEY, SendMoneyDetails, type SendMoneyValues } from './send-money-details'

/** A requestId this close to expiry is renewed before sending, so the transfer is not refused for it. */
const EXPIRY_MARGIN_MS = 15_000

export const UNKNOWN_OUTCOME_MESSAGE = 'We could not confirm the payment. Try again: it will not be sent twice.'
/** The server has the first try of this transfer and no answer for it yet (409 IDEMPOTENCY_IN_PROGRESS). */
export const STILL_CHECKING_MESSAGE = 'We are still checking this transfer. Try again in a moment: it will not be sent twice.'

const offline = css({
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  p: '3',
  borderRadius: 'control',
  bg: 'warning.subtle',
  color: 'warning.fg',
  textStyle: 'body.sm',
  mb: '4',
})

function outcomeDialog(t: Transaction): { title: string; description: string; tone: 'success' | 'warning' } {
  const to = t.beneficiaryAccountName ?? 'the beneficiary'
  if (t.status === 'success')
    return { title: 'Transfer Successful', description: `${formatKobo(t.amount, t.currency)} has been sent to ${to}.`, tone: 'success' }
  if (t.status === 'pending')
    return {
      title: 'Transfer pending',
      description: `The bank has not confirmed the transfer of ${formatKobo(t.amount, t.currency)} to ${to} yet. Its status will update in Transactions; if it fails, the money comes back to your wallet.`,
      tone: 'warning',
    }
  return {
    title: 'Transfer failed',
    description: `${t.failureReason ? `${t.failureReason}. ` : ''}The amount and the charge have been returned to your wallet.`,
    tone: 'warning',
  }
}

/**
 * The fee to show for the amount typed: the server's, once it has answered for exactly this amount; until then
 * the tiers of its last answer applied here (docs/decisions/014); unknown before any answer.
 */
function currentFee(
  amount: number | null,
  settled: number | null,
  charge: { fee: number; tiers: ChargeTier[] } | undefined,
  isPlaceholder: boolean,
): number | undefined {
  if (amount === null || !charge) return undefined
  return settled === amount && !isPlaceholder ? charge.fee : feeFor(amount, charge.tiers)
}

/**
 * The Send Money flow (SPEC §2, §4): step 1 details, step 2 Confirm Payment, then the PIN, then the outcome.
 * Everything lives in this component, which the route mounts while open: closing it resets everything.
 */
export function SendMoneySheet({
  onClose,
  blockedReason = null,
  mainBalance,
}: {
  onClose: () => void
  blockedReason?: string | null
  /** The main wallet's balance in kobo, when the user may see it (VENDOR_WALLET). */
  mainBalance?: number
}) {
  const online = useOnline()
  const [typed, setValues] = useState<SendMoneyValues>(EMPTY_SEND_MONEY)
  const [step, setStep] = useState<1 | 2>(1)
  const thirdParty = useQuery(thirdPartyTransfersQuery())
  // With third-party transfers off, the settlement account is the only place money may go: step 1 is locked to it
  // rather than taking another account that only the Confirm step would refuse (issue 35).
  const lockedToSettlement = thirdParty.data?.isEnabled === false
  const toSettlement = lockedToSettlement || typed.toSettlement
  // A query, not a fetch in the toggle's handler: offline with nothing saved it pauses, and nothing waits on it.
  const settlement = useQuery({ ...settlementAccountQuery(), enabled: toSettlement })
  const values: SendMoneyValues = toSettlement
    ? { ...typed, toSettlement, bankCode: settlement.data?.bankCode, accountNumber: settlement.data?.accountNumber ?? '' }
    : typed
  const settlementMissing = toSettlement && settlement.data === null
  const { resolution, account, retry, refresh } = useAccountResolution(values.bankCode, values.accountNumber)

  const amountKobo = parseNairaToKobo(values.amount)
  const validAmount = amountKobo !== null && amountKobo > 0 ? amountKobo : null
  const settledAmount = useDebouncedValue(validAmount, 300)
  const charge = useQuery({
    ...transferChargeQuery(settledAmount ?? 0),
    enabled: settledAmount !== null,
    placeholderData: keepPreviousData,
  })
  const fee = currentFee(validAmount, settledAmount, charge.data, charge.isPlaceholderData)
  // A refusal the server gave about the transfer itself (not the PIN), shown on the Confirm step until Back.
  const [refusal, setRefusal] = useState<string | null>(null)

  const send = useSendMoney()
  const pinStep = usePinStep()
  const [outcome, setOutcome] = useState<Transaction | null>(null)
  const pending = useRef<Attempt | null>(null)
  const submitting = useRef(false)
  // The outcome dialog opens once the PIN dialog has finished closing (see PinDialog.onExitComplete); the
  // sheet stays open under it until the user acknowledges, then the whole flow closes.
  const [outcomeVisible, setOutcomeVisible] = useState(false)
  const [receiptOpen, setReceiptOpen] = useState(false)

  // Send limits and a settlement account still cooling off (decisions 143, 144), known before the PIN.
  const limits = useQuery(sendLimitsQuery())
  const problem =
    account && validAmount !== null
      ? (refusal ??
        confirmProblem({
          amount: validAmount,
          fee,
          balance: mainBalance,
          thirdPartyEnabled: thirdParty.data?.isEnabled,
          settlement: thirdParty.data?.isEnabled === false ? settlement.data : undefined,
          destination: account,
        }) ??
        payoutProblem(validAmount, limits.data, settlement.data, account))
      : null

  const canProceed =
    online &&
    !blockedReason &&
    Boolean(values.bankCode) &&
    /^\d{10}$/.test(values.accountNumber) &&
    account !== null &&
    validAmount !== null

  function change(patch: Partial<SendMoneyValues>) {
    setValues((v) => ({ ...v, ...patch }))
  }

  /** On, the settlement account fills the fields (resolved like any other: the transfer needs a fresh requestId). */
  function toggleSettlement(on: boolean) {
    if (lockedToSettlement) return
    change(on ? { toSettlement: true } : { toSettlement: false, bankCode: undefined, accountNumber: '' })
  }

  async function submit(code: string) {
    // The fourth digit submits and so does the button; renewing an expiring requestId awaits before mutate.
    if (!account || validAmount === null || send.isPending || submitting.current) return
    submitting.current = true
    try {
      await sendWith(code, account, validAmount, false)
    } finally {
      submitting.current = false
    }
  }

  /** A renewal stays silent only if it names whom the person confirmed: money never goes to a name they did not see. */
  function renamed(confirmed: Resolved, fresh: Resolved): boolean {
    if (fresh.accountName === confirmed.accountName) return false
    setRefusal(accountRenamed(fresh.accountName, 'Check it, then go Back and Proceed to send.'))
    pinStep.close()
    return true
  }

  async function sendWith(code: string, account: Resolved, validAmount: number, renewed: boolean) {
    pinStep.clearError()
    let requestId = account.requestId
    // A retry of an unanswered attempt must send the same body; only a fresh attempt may renew the requestId.
    if (!pending.current && Date.parse(account.expiresAt) - Date.now() < EXPIRY_MARGIN_MS) {
      let fresh: Resolved
      try {
        fresh = await refresh()
      } catch {
        return pinStep.showError(RESOLVE_FAILED)
      }
      if (renamed(account, fresh)) return
      requestId = fresh.requestId
    }
    const narration = values.narration.trim() || undefined
    const body = { amount: validAmount, requestId, pin: code, narration }
    const attempt = attemptFor(pending.current, JSON.stringify(body))
    pending.current = attempt
    send.mutate(
      { body, idempotencyKey: attempt.key },
      {
        onSuccess: ({ data }) => {
          pending.current = null
          pinStep.close()
          setOutcome(data)
        },
        onError: (error) => {
          pending.current = afterFailure(attempt, error)
          if (!renewed && lookupExpired(error)) {
            // Refused before the PIN was checked, so sending again with a fresh lookup costs no try.
            return void refresh().then(
              (fresh) => void (renamed(account, fresh) || sendWith(code, fresh, validAmount, true)),
              () => pinStep.showError(RESOLVE_FAILED),
            )
          }
          // A PIN refusal under the PIN boxes; anything else (too little balance, third-party off) on the Confirm step.
          const unknown = stillChecking(error) ? STILL_CHECKING_MESSAGE : UNKNOWN_OUTCOME_MESSAGE
          setRefusal(pinStep.failed(error, online ? unknown : errorMessage(error)))
        },
      },
    )
  }

  const result = outcome ? outcomeDialog(outcome) : null
  // View receipt swaps the outcome (and the sheet under it) for the receipt; closing that ends the flow.
  if (receiptOpen && outcome) return <ReceiptSheet t={outcome} onClose={onClose} />
  const footer =
    step === 1 ? (
      <Button size="lg" disabled={!canProceed} onClick={() => setStep(2)}>
        Proceed
      </Button>
    ) : (
      <>
        <Button
          size="lg"
          variant="outline"
          onClick={() => {
            setRefusal(null)
            setStep(1)
          }}
        >
          Back
        </Button>
        <Button
          size="lg"
          // The total must be on screen before the PIN authorises it.
          disabled={!online || fee === undefined || problem !== null}
          onClick={pinStep.start}
        >
          Send money
        </Button>
      </>
    )

  return (
    <>
      <Sheet onClose={onClose} title={step === 1 ? 'Send Money' : 'Confirm Payment'} footer={footer}>
        {online ? null : (
          <p role="status" className={offline}>
            <Icon name="wifi-off" size={18} />
            {OFFLINE_MONEY_MESSAGE}
          </p>
        )}
        {blockedReason ? (
          <p role="status" className={offline}>
            <Icon name="lock" size={18} />
            {blockedReason}
          </p>
        ) : null}
        {step === 1 || !account || validAmount === null ? (
          <SendMoneyDetails
            values={values}
            onChange={change}
            onToggleSettlement={toggleSettlement}
            resolution={resolution}
            onRetryResolution={retry}
            fee={fee}
            amountError={values.amount && validAmount === null ? 'Enter an amount greater than zero.' : undefined}
            settlementMissing={settlementMissing}
            thirdPartyDisabled={lockedToSettlement}
          />
        ) : (
          <ConfirmPayment
            account={account}
            amountKobo={validAmount}
            fee={fee}
            narration={values.narration}
            problem={problem}
            note={limits.data && !problem ? leftTodayText(limits.data) : null}
          />
        )}
      </Sheet>
      <PinDialog
        {...pinStep.dialog}
        onSubmit={(code) => void submit(code)}
        loading={send.isPending}
        submitLabel={pending.current ? 'Try again' : 'Confirm'}
        disabledReason={online ? null : OFFLINE_MONEY_MESSAGE}
        onExitComplete={() => setOutcomeVisible(outcome !== null)}
        description={
          validAmount !== null && account
            ? `Enter your 4-digit PIN to send ${formatKobo(validAmount)} to ${account.accountName}.`
            : undefined
        }
      />
      {result ? (
        <InfoDialog
          open={outcomeVisible}
          onOpenChange={(open) => {
            if (!open) onClose()
          }}
          title={result.title}
          description={result.description}
          tone={result.tone}
          closeOnInteractOutside={false}
          secondaryAction={outcome && hasReceipt(outcome) ? { label: 'View receipt', onClick: () => setReceiptOpen(true) } : undefined}
        />
      ) : null}
    </>
  )
}
