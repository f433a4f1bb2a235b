import * as v from 'valibot'

import { afterSignIn, LoginSchema } from '#app/features/auth/login-rules'
import { signIn } from '#app/features/auth/sign-in'
import { visibleError } from '#app/lib/field-rules'
import { focusFirstError } from '#app/lib/focus-first-error'
import { setSession } from '#app/lib/session-store'
import { flushSignOuts, startSignOutOutbox } from '#app/lib/sign-out-outbox'
import { showStagingBanner } from '#app/lib/staging-banner'
import { handOverToast } from '#app/lib/toast-handover'

/*
 * The script of the prerendered login page (decision 099): the form the build rendered from LoginForm, made to
 * behave as LoginForm does, without React. The rules are the app's (features/auth/login-rules: LoginSchema,
 * signIn, afterSignIn; visibleError, focusFirstError); what is written here is only what TanStack Form and React
 * did for LoginForm: when errors are worked out and shown, the busy button, and the session handed to the app.
 * Both are held to one table of cases (tests/support/login-cases.ts). Toasts and the held-application dialog are the app's
 * components, loaded by ./overlays only when one has to show.
 */

type Name = 'email' | 'password'
const NAMES: Name[] = ['email', 'password']

const form = document.querySelector('main form') as HTMLFormElement
const inputs = Object.fromEntries(NAMES.map((name) => [name, form.elements.namedItem(name) as HTMLInputElement])) as Record<
  Name,
  HTMLInputElement
>
const submit = form.querySelector('button[type="submit"]') as HTMLButtonElement
const showPassword = form.querySelector('input[type="checkbox"]') as HTMLInputElement
const template = (id: string) => (document.getElementById(id) as HTMLTemplateElement).content

// TanStack Form's state for the two fields: errors are worked out for the whole form on every change and on
// submit; a field shows its error once it was left or a submit was tried (visibleError).
const blurred = new Set<Name>()
let submitted = false
let errors: Partial<Record<Name, v.BaseIssue<unknown>>> = {}
let pending = false

function validate(): boolean {
  const result = v.safeParse(LoginSchema, { email: inputs.email.value, password: inputs.password.value })
  errors = {}
  for (const issue of result.issues ?? []) {
    const name = v.getDotPath(issue) as Name | null
    if (name && !errors[name]) errors[name] = issue
  }
  return result.success
}

/** The error state Ark's Field draws, on the prerendered field: the same attributes and the same error element. */
function drawField(name: Name): void {
  const input = inputs[name]
  const root = input.closest('[data-part="root"]') as HTMLElement
  const label = root.querySelector('label') as HTMLElement
  const message = visibleError({ errors: [errors[name]], isBlurred: blurred.has(name) }, submitted)
  const errorId = `${root.id}::error-text`
  root.querySelector('[data-part="error-text"]')?.remove()
  for (const element of [root, label, input]) element.toggleAttribute('data-invalid', Boolean(message))
  if (!message) {
    for (const attribute of ['aria-invalid', 'aria-describedby', 'aria-errormessage']) input.removeAttribute(attribute)
    return
  }
  input.setAttribute('aria-invalid', 'true')
  input.setAttribute('aria-describedby', errorId)
  input.setAttribute('aria-errormessage', errorId)
  const error = template('login-field-error').querySelector('[data-part="error-text"]')!.cloneNode(true) as HTMLElement
  error.id = errorId
  error.lastChild!.textContent = message
  root.append(error)
}

const draw = () => NAMES.forEach(drawField)

const label = submit.textContent ?? ''
function setBusy(busy: boolean): void {
  pending = busy
  submit.disabled = busy
  if (busy) submit.setAttribute('aria-busy', 'true')
  else submit.removeAttribute('aria-busy')
  if (!busy) return void (submit.textContent = label)
  const busyButton = template('login-busy-button').querySelector('button')!
  submit.replaceChildren(...[...busyButton.cloneNode(true).childNodes])
  // The label stays in the layout, invisible, so the button keeps its width (as Button's loading state).
  submit.firstElementChild!.textContent = label
}

const overlays = () => import('./overlays')

async function logIn(): Promise<void> {
  setBusy(true)
  try {
    const result = await signIn({ email: inputs.email.value.trim(), password: inputs.password.value })
    // Online again for sure: revoke whatever an offline sign-out on this device left waiting (as useLogin does).
    void flushSignOuts()
    const next = afterSignIn(result)
    if ('held' in next) {
      setBusy(false)
      return void (await overlays()).showHeld(next.held)
    }
    // All the app needs to start signed in on the next page: ../boot.tsx restores this user's cache and outbox.
    setSession({ token: result.data.token, user: result.data.user })
    if (result.message) handOverToast({ type: 'success', message: result.message })
    // Busy until the app's page replaces this one: a second tap must not sign in twice.
    location.assign(next.to)
  } catch (error) {
    setBusy(false)
    ;(await overlays()).showFailure(error)
  }
}

form.addEventListener('input', (event) => {
  if (event.target === showPassword) return
  validate()
  draw()
})
form.addEventListener('focusout', (event) => {
  const name = NAMES.find((n) => inputs[n] === event.target)
  if (!name) return
  blurred.add(name)
  drawField(name)
})
showPassword.addEventListener('change', () => {
  inputs.password.type = showPassword.checked ? 'text' : 'password'
})
form.addEventListener('submit', (event) => {
  event.preventDefault()
  // Enter in a field submits even while the button is busy: a second request must not follow (ui/form.tsx).
  if (pending) return
  submitted = true
  const valid = validate()
  draw()
  // As the app's Form: a refused submit puts focus in the first field that says why.
  if (valid) void logIn()
  else focusFirstError(form)
})

startSignOutOutbox()
// The app's banner, above this page too (lib/staging-banner.ts).
void showStagingBanner()

// The app registers the service worker once its first screen is up (UpdatePrompt); this page boots no app, so it
// registers it itself, after load, so that `/` and the app open offline after a first visit here. A new worker
// waits (registerType 'prompt'); the app's prompt offers it. Not the virtual module: this script is built apart.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined))
}
