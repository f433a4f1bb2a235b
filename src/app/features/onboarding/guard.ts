import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'

import { isOnboarding, ONBOARDING_PATHS } from '#app/lib/onboarding'
import { requireQueryData } from '#app/lib/query-client'
import { getSession } from '#app/lib/session'
import type { Onboarding } from '#contract/onboarding'

type StepPath = (typeof ONBOARDING_PATHS)[keyof typeof ONBOARDING_PATHS]

/**
 * The onboarding screens after registration need the owner's session and show only the step the server says is
 * next: a bookmark, Back, or a tab left open cannot skip the phone check or send the KYC twice by mistake. An
 * approved owner has nothing to do here.
 */
export async function requireStep(queryClient: QueryClient, here: StepPath): Promise<Onboarding> {
  const session = getSession()
  if (!session) throw redirect({ to: '/' })
  if (!isOnboarding(session.user)) throw redirect({ to: '/home' })
  const onboarding = await onboardingStep(queryClient)
  const path = ONBOARDING_PATHS[onboarding.step]
  if (path !== here) throw redirect({ to: path })
  return onboarding
}

/** /register with a session already open: continue, instead of opening a second account. */
export async function continueOnboarding(queryClient: QueryClient): Promise<void> {
  const session = getSession()
  if (!session) return
  if (!isOnboarding(session.user)) throw redirect({ to: '/home' })
  const onboarding = await onboardingStep(queryClient)
  throw redirect({ to: ONBOARDING_PATHS[onboarding.step] })
}

/** Offline with no step saved: the guard cannot tell which step is next. /register shows it with Try again. */
const STEP_NOT_SAVED = 'Your next step is not saved on this device. Connect to the internet to continue.'

// The guards run in routes' beforeLoad, which load with the first screen; the onboarding calls (and their schemas)
// load only when someone is onboarding (decision 082).
async function onboardingStep(queryClient: QueryClient): Promise<Onboarding> {
  const { onboardingQuery } = await import('./queries')
  return requireQueryData(queryClient, onboardingQuery(), STEP_NOT_SAVED)
}
