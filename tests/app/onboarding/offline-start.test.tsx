import { onlineManager } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { handle, ok, route, server, useAppHarness } from '../harness'
import { newOwner, onboarding } from '../onboarding-fixtures'
import { renderAs } from './render'

useAppHarness()

/*
 * Issue 18: the onboarding guard awaited ensureQueryData for the owner's step. Offline with no step saved, its first
 * try failed and the retry paused until the network came back: the router waited on it and the page stayed white.
 */
describe('onboarding guard offline with no step saved', () => {
  const offline = () => {
    onlineManager.setOnline(false)
    server.use(http.get(route(endpoints.onboarding), () => HttpResponse.error()))
  }

  it('a step says it cannot open, and opens once the network is back', async () => {
    offline()
    const { user } = renderAs('/register/verify', newOwner())
    expect(await screen.findByRole('heading', { name: 'We could not open this step' })).toBeTruthy()
    expect(screen.getByText('Your next step is not saved on this device. Connect to the internet to continue.')).toBeTruthy()

    onlineManager.setOnline(true)
    server.use(handle(endpoints.onboarding, () => ok(onboarding())))
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('080****6543')).toBeTruthy()
  })

  it('/register with a session (continue where you were) does not hang either', async () => {
    offline()
    renderAs('/register', newOwner())
    expect(await screen.findByRole('heading', { name: 'We could not open this step' })).toBeTruthy()
  })
})
