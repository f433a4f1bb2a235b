import * as v from 'valibot'

import { emailField, passwordField } from '#app/lib/field-rules'
import { REJECTED_TEXT, REJECTED_TITLE } from '#app/lib/onboarding'

import type { HeldStep } from './sign-in'

/** What the login form accepts; the React form and the prerendered login page (decision 099) both check it. */
export const LoginSchema = v.object({ email: emailField, password: passwordField })

/** SPEC §2 Review Pending, word for word; and its counterpart for an application an operator turned down. */
export const HELD_DIALOGS: Record<HeldStep, { title: string; description: string }> = {
  review: {
    title: 'Review Pending',
    description: 'An administrator needs to approve your account, please check back in a few minutes.',
  },
  rejected: { title: REJECTED_TITLE, description: REJECTED_TEXT },
}
