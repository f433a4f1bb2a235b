import { css } from 'styled-system/css'

import { REJECTED_TEXT, REJECTED_TITLE } from '#app/lib/onboarding'
import { InfoDialog } from '#app/ui/dialog'
import type { OnboardingStep } from '#contract/onboarding'

/** SPEC §2 "store under review (you will be notified via email once approved)". */
export const UNDER_REVIEW_TITLE = 'Store under review'
export const UNDER_REVIEW_TEXT = 'Your shop is set up and your account is now being reviewed. You will be notified via email once approved.'

const OUTCOMES: Record<'review' | 'rejected' | 'done', { title: string; text: string; tone: 'success' | 'warning' }> = {
  review: { title: UNDER_REVIEW_TITLE, text: UNDER_REVIEW_TEXT, tone: 'success' },
  rejected: { title: REJECTED_TITLE, text: REJECTED_TEXT, tone: 'warning' },
  done: { title: 'Your account is approved', text: 'Log in again to start selling.', tone: 'success' },
}

const note = css({ color: 'fg.muted' })

/**
 * The end of onboarding. The owner cannot do anything until an operator approves, so Okay signs out and returns
 * to the login page (docs/decisions/059); the words stay on the page behind the dialog too.
 */
export function ReviewOutcome({ step, onOkay, busy }: { step: OnboardingStep; onOkay: () => void; busy?: boolean }) {
  const outcome = OUTCOMES[step === 'rejected' || step === 'done' ? step : 'review']
  return (
    <>
      <p className={note}>{outcome.text}</p>
      <InfoDialog
        open={!busy}
        onOpenChange={(open) => {
          if (!open) onOkay()
        }}
        tone={outcome.tone}
        title={outcome.title}
        description={outcome.text}
        closeOnInteractOutside={false}
      />
    </>
  )
}
