import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { getSession } from '#app/lib/session'

import { type Answer, answerFor, askedAs, FIELD_LABELS, LOGIN_CASES, type LoginDriver, runLoginCase } from '../../support/login-cases'
import { server, useAppHarness } from '../harness'
import { renderAs } from '../onboarding/render'

/*
 * The login page's table of cases (tests/support/login-cases.ts) against the React LoginForm, the in-app `/`.
 * tests/e2e/login-page.test.ts runs the same table against the prerendered page.
 */

useAppHarness()

const reply = (answer: Answer) =>
  answer === 'no answer'
    ? HttpResponse.error()
    : HttpResponse.json(answer.body as never, { status: answer.status, headers: answer.headers })

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' })

describe('the login page, as the React LoginForm', () => {
  for (const c of LOGIN_CASES) {
    it(c.name, async () => {
      const asked: string[] = []
      server.use(
        http.all('*/api/*', ({ request }) => {
          const path = new URL(request.url).pathname.replace(/^\/api/, '')
          const call = askedAs(request.method, path, request.headers.get('Authorization'))
          if (call) asked.push(call)
          const answer = answerFor(c, path)
          // Unanswered: the screens after a sign-in stay loading, which is not what these cases look at.
          return answer ? reply(answer) : new Promise<never>(() => {})
        }),
      )
      const { user, router } = renderAs('/', null)
      await screen.findByRole('button', { name: 'Log in' })
      const driver: LoginDriver = {
        async act(step) {
          if ('type' in step) await user.type(input(step.into), step.type)
          else if ('focus' in step) await user.click(input(step.focus))
          else if ('leave' in step) {
            expect(document.activeElement).toBe(input(step.leave))
            await user.tab()
          } else if ('click' in step) await user.click(screen.getByRole('button', { name: step.click }))
          else await user.keyboard('{Enter}')
        },
        async field(label) {
          const element = input(label)
          const root = element.closest('[data-scope="field"][data-part="root"]')
          const message = root?.querySelector('[data-part="error-text"]')?.textContent ?? null
          return { message, invalid: element.getAttribute('aria-invalid') === 'true' }
        },
        async focused() {
          return FIELD_LABELS.find((label) => input(label) === document.activeElement) ?? null
        },
        async toastShown(text) {
          // Errors are alerts, the rest statuses (ui/toaster-view); not the words anywhere (the heading is 'Welcome back').
          return (screen.queryByRole('alert', { name: text }) ?? screen.queryByRole('status', { name: text })) !== null
        },
        async dialog(title, text) {
          const dialog = screen.queryByRole('dialog', { name: title })
          if (!dialog) return screen.queryByRole('dialog') ? false : null
          return within(dialog).queryByText(text) !== null
        },
        async closeDialog(title, button) {
          await user.click(within(screen.getByRole('dialog', { name: title })).getByRole('button', { name: button }))
          await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
        },
        async path() {
          return router.state.location.pathname
        },
        async session() {
          return getSession()?.token ?? null
        },
        asked: () => asked,
      }
      await runLoginCase(c, driver, 5_000)
    })
  }
})
