import * as v from 'valibot'

import { emailField, passwordField } from '#app/lib/field-rules'
import { ONBOARDING_PATHS, REJECTED_TEXT, REJECTED_TITLE } from '#app/lib/onboarding'

import { type HeldStep, isHeld, type SignInResult } from './sign-in'
import { markWelcome } from './welcome-mark'

/*
 * The login page's behaviour, once, for its two renderings: the React LoginForm (the in-app route `/`) and the
 * prerendered page's script (first-screen/login-page/script.ts, decision 099). What they share is here or named here:
 * what the form accepts and its field messages (LoginSchema), what a sign-in asks the server (signIn), where a
 * sign-in leads (afterSignIn), what a held owner is told (HELD_DIALOGS), and what a failure says: the app's
 * mutation rule, `mutationFailureMessage` (the server's message, SPEC §8's fallback, the offline sentence), which
 * the page reaches through its overlays chunk because it brings React Query with it. One table of cases
 * (tests/support/login-cases.ts) is run against both renderings.
 */

/** What the login form accepts, with its field messages ('Enter your email address.', …). */
export const LoginSchema = v.object({ email: emailField, password: passwordField })

/** SPEC §2 Review Pending, word for word; and its counterpart for an application an operator turned down. */
export const HELD_DIALOGS: Record<HeldStep, { title: string; description: string }> = {
  review: {
    title: 'Review Pending',
    description: 'An administrator needs to approve your account, please check back in a few minutes.',
  },
  rejected: { title: REJECTED_TITLE, description: REJECTED_TEXT },
}

export type AfterSignIn = { held: HeldStep } | { to: '/home' | (typeof ONBOARDING_PATHS)[keyof typeof ONBOARDING_PATHS] }

/**
 * Where a sign-in that succeeded leads: an owner whose application is held sees its dialog and stays signed out;
 * an unfinished onboarding goes on where it stopped (docs/decisions/056); everyone else goes Home, the first time
 * after approval with the welcome mark left for Home's dialog. Storing the session is the caller's.
 */
export function afterSignIn({ data, onboarding }: SignInResult): AfterSignIn {
  if (isHeld(onboarding)) return { held: onboarding.step }
  if (onboarding) return { to: ONBOARDING_PATHS[onboarding.step] }
  if (data.welcome) markWelcome()
  return { to: '/home' }
}
