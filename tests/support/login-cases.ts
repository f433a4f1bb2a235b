import { expect } from 'vitest'

import type { User } from '#contract/auth'
import type { Onboarding } from '#contract/onboarding'

import { user as approvedOwner } from '../app/fixtures'
import { AT_KYC, AT_REVIEW, newOwner, onboarding } from '../app/onboarding-fixtures'

/*
 * The login page's behaviour, as one table of cases (issue 39 §4). `/` has two renderings: the React LoginForm (the
 * in-app route, after a sign-out) and the prerendered page with its own script (decision 099). Each case is run
 * against both: tests/app/auth/login-cases.test.tsx (MSW, jsdom) and tests/e2e/login-page.test.ts (the built page
 * in Chromium, its API answered by page.route). Texts are written out here, not imported from the app: a changed
 * word must fail. The server's own words (wrong password, 429) are checked against the server by tests/server and
 * tests/e2e/shell.test.ts; here they are what the API answers.
 */

export type FieldLabel = 'Email address' | 'Password'
export const FIELD_LABELS: FieldLabel[] = ['Email address', 'Password']

/** What a person does, in order: type into a field (focusing it), focus or leave one, tap Log in, press Enter. */
export type Step =
  { type: string; into: FieldLabel } | { focus: FieldLabel } | { leave: FieldLabel } | { click: 'Log in' } | { press: 'Enter' }

/** What the API answers one call: a status and an envelope, or no answer at all (the network failed). */
export type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'no answer'

export interface LoginCase {
  name: string
  steps: Step[]
  /** The API's answers, by call; a call not listed here is never answered (the screens after a sign-in stay loading). */
  answers?: { login: Answer; onboarding?: Answer }
  expect: {
    /** Every field's shown message (none when absent); a field with a message is also marked invalid. */
    fields?: Partial<Record<FieldLabel, string>>
    /** The field that has focus. */
    focused?: FieldLabel
    /** A toast's exact words. */
    toast?: string
    /** Toasts that must not show at the end (a welcome toast beside a held owner's dialog would contradict it). */
    unsaid?: string[]
    /** A dialog's title and text, closed with its button. */
    dialog?: { title: string; text: string; close: string }
    /** Where the person is at the end (after the dialog closed). */
    path: string
    /** The token stored for the app, or null for none. */
    session: string | null
    /** The calls of a sign-in the API was asked, as 'METHOD path [Authorization]' (the screens after it are left out). */
    asked?: string[]
  }
}

const EMAIL = 'tunde@shop.test'
const PASSWORD = 'ankara-2026'
const TOKEN = 'login-token'

const ok = (data: unknown, message = 'Successful'): Answer => ({ status: 200, body: { message, data } })
const refused = (status: number, code: string, message: string, headers?: Record<string, string>): Answer => ({
  status,
  body: { message, code },
  headers,
})
const signedIn = (user: User, extra: { welcome?: boolean } = {}) => ok({ token: TOKEN, user, ...extra }, 'Welcome back')
const atStep = (overrides: Partial<Onboarding>) => ok(onboarding(overrides))

const fillBoth: Step[] = [
  { type: EMAIL, into: 'Email address' },
  { type: PASSWORD, into: 'Password' },
]
const logIn: Step[] = [...fillBoth, { click: 'Log in' }]

const LOGIN = 'POST /auth/vendor/login'
const ONBOARDING = `GET /vendor/onboarding Bearer ${TOKEN}`
const LOGOUT = `POST /auth/logout Bearer ${TOKEN}`

export const LOGIN_CASES: LoginCase[] = [
  // When a field's message shows (TanStack Form's timing, which the prerendered script reproduces by hand).
  {
    name: 'says nothing while the email is being typed',
    steps: [{ type: 'tunde@', into: 'Email address' }],
    expect: { fields: {}, path: '/', session: null },
  },
  {
    name: 'refuses a malformed email once the field is left, and only that field',
    steps: [{ type: 'tunde@', into: 'Email address' }, { leave: 'Email address' }],
    expect: { fields: { 'Email address': 'Enter a valid email.' }, path: '/', session: null },
  },
  {
    // Leaving Email by Tab went into Password, so going back leaves Password too, empty.
    name: 'takes the email’s message away once corrected; Password, left empty on the way back, now says so',
    steps: [{ type: 'tunde@', into: 'Email address' }, { leave: 'Email address' }, { type: 'shop.test', into: 'Email address' }],
    expect: { fields: { Password: 'Enter your password.' }, path: '/', session: null },
  },
  {
    name: 'a field left empty says so once the other field changes',
    steps: [{ focus: 'Email address' }, { leave: 'Email address' }, { type: 'a', into: 'Password' }],
    expect: { fields: { 'Email address': 'Enter your email address.' }, path: '/', session: null },
  },
  {
    name: 'an empty submit names both fields, puts focus in the first and asks nothing',
    steps: [{ click: 'Log in' }],
    expect: {
      fields: { 'Email address': 'Enter your email address.', Password: 'Enter your password.' },
      focused: 'Email address',
      path: '/',
      session: null,
      asked: [],
    },
  },
  {
    name: 'a submit with the password missing puts focus in Password',
    steps: [{ type: EMAIL, into: 'Email address' }, { press: 'Enter' }],
    expect: { fields: { Password: 'Enter your password.' }, focused: 'Password', path: '/', session: null, asked: [] },
  },

  // What the API's answers become (SPEC §8: the server's message in a toast, its fallback; SPEC §2 Review Pending).
  {
    name: 'a wrong password: the server’s message, still on the login page, signed out',
    steps: logIn,
    answers: { login: refused(401, 'INVALID_CREDENTIALS', 'Email or password is incorrect') },
    expect: { toast: 'Email or password is incorrect', path: '/', session: null, asked: [LOGIN] },
  },
  {
    name: 'too many attempts (429): the server’s message with its wait',
    steps: logIn,
    answers: {
      login: refused(429, 'RATE_LIMITED', 'Too many attempts. Try again in 15 minutes.', { 'Retry-After': '900' }),
    },
    expect: { toast: 'Too many attempts. Try again in 15 minutes.', path: '/', session: null, asked: [LOGIN] },
  },
  {
    name: 'no answer from the server (online): the fallback words',
    steps: logIn,
    answers: { login: 'no answer' },
    expect: { toast: 'Something happened, please try again.', path: '/', session: null, asked: [LOGIN] },
  },
  {
    name: 'under review: the exact Review Pending dialog; Okay leaves the login page signed out, the token given back',
    steps: logIn,
    answers: { login: signedIn(newOwner('under_review')), onboarding: atStep(AT_REVIEW) },
    expect: {
      dialog: {
        title: 'Review Pending',
        text: 'An administrator needs to approve your account, please check back in a few minutes.',
        close: 'Okay',
      },
      unsaid: ['Welcome back'],
      path: '/',
      session: null,
      asked: [LOGIN, ONBOARDING, LOGOUT],
    },
  },
  {
    name: 'rejected: says the application was not approved, signed out',
    steps: logIn,
    answers: { login: signedIn(newOwner('rejected')), onboarding: atStep({ ...AT_REVIEW, step: 'rejected' }) },
    expect: {
      dialog: {
        title: 'Application not approved',
        text: 'Your application to sell was not approved. Please contact support if you think this is a mistake.',
        close: 'Okay',
      },
      unsaid: ['Welcome back'],
      path: '/',
      session: null,
      asked: [LOGIN, ONBOARDING, LOGOUT],
    },
  },
  {
    name: 'an unfinished onboarding goes on at its step, signed in',
    steps: logIn,
    answers: { login: signedIn(newOwner()), onboarding: atStep(AT_KYC) },
    expect: { path: '/register/kyc', session: TOKEN, asked: [LOGIN, ONBOARDING] },
  },
  {
    name: 'an approved owner (Enter in Password): Home, signed in, the server’s welcome toast, no onboarding call',
    steps: [...fillBoth, { press: 'Enter' }],
    answers: { login: signedIn(approvedOwner()) },
    expect: { toast: 'Welcome back', path: '/home', session: TOKEN, asked: [LOGIN] },
  },
  {
    name: 'the first sign-in after approval (welcome: true): Congratulations over Home',
    steps: logIn,
    answers: { login: signedIn(approvedOwner(), { welcome: true }) },
    expect: {
      dialog: {
        title: 'Congratulations',
        text: 'Your account is set up and approved. You are ready to start selling.',
        close: 'Start selling',
      },
      path: '/home',
      session: TOKEN,
      asked: [LOGIN],
    },
  },
]

/** The calls `asked` lists, by their path under /api; the rest (the screens after a sign-in) are not this table's. */
export const SIGN_IN_PATHS = ['/auth/vendor/login', '/vendor/onboarding', '/auth/logout']

/** What the API answers a call to `path` (under /api) in `c`: an Answer, or undefined to leave it unanswered. */
export function answerFor(c: LoginCase, path: string): Answer | undefined {
  if (path === '/auth/vendor/login') return c.answers?.login
  if (path === '/vendor/onboarding') return c.answers?.onboarding
  if (path === '/auth/logout') return ok(null, 'Logged out')
  return undefined
}

/** A call as `asked` writes it, or undefined for one the table does not follow. */
export function askedAs(method: string, path: string, authorization: string | null): string | undefined {
  return SIGN_IN_PATHS.includes(path) ? [method, path, authorization].filter(Boolean).join(' ') : undefined
}

/** One rendering of the login page, as the table's cases drive and read it. */
export interface LoginDriver {
  act(step: Step): Promise<void>
  /** The message shown under the field (null for none) and whether the field is marked invalid. */
  field(label: FieldLabel): Promise<{ message: string | null; invalid: boolean }>
  focused(): Promise<FieldLabel | null>
  /** Whether a toast (role alert or status) named `text` shows. */
  toastShown(text: string): Promise<boolean>
  /** Whether a dialog titled `title` shows `text`; null when no dialog is open at all. */
  dialog(title: string, text: string): Promise<boolean | null>
  closeDialog(title: string, button: string): Promise<void>
  path(): Promise<string>
  session(): Promise<string | null>
  /** The sign-in calls the API was asked so far (askedAs). */
  asked(): string[]
}

/** Runs one case against one rendering; `timeout` for what waits (a toast, a navigation, a dialog). */
export async function runLoginCase(c: LoginCase, driver: LoginDriver, timeout: number): Promise<void> {
  for (const step of c.steps) await driver.act(step)
  const expected = c.expect
  await expect.poll(() => driver.path(), { timeout }).toBe(expected.path)
  if (expected.toast) await expect.poll(() => driver.toastShown(expected.toast!), { timeout }).toBe(true)
  if (expected.dialog) {
    const { title, text, close } = expected.dialog
    await expect.poll(() => driver.dialog(title, text), { timeout }).toBe(true)
    await driver.closeDialog(title, close)
    await expect.poll(() => driver.dialog(title, text), { timeout }).toBeNull()
    expect(await driver.path()).toBe(expected.path)
  }
  if (expected.asked) await expect.poll(() => driver.asked(), { timeout }).toEqual(expected.asked)
  expect(await driver.session()).toBe(expected.session)
  for (const words of expected.unsaid ?? []) expect(await driver.toastShown(words)).toBe(false)
  if (expected.fields) {
    const shown = async () => Object.fromEntries(await Promise.all(FIELD_LABELS.map(async (label) => [label, await driver.field(label)])))
    const want = Object.fromEntries(
      FIELD_LABELS.map((label) => [label, { message: expected.fields![label] ?? null, invalid: Boolean(expected.fields![label]) }]),
    )
    await expect.poll(shown, { timeout }).toEqual(want)
  }
  if (expected.focused) await expect.poll(() => driver.focused(), { timeout }).toBe(expected.focused)
}
