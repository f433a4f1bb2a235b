import { onlineManager } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { NOT_SAVED_TEXT } from '#app/ui/not-saved'

import { renderApp, server, useAppHarness } from '../harness'

useAppHarness()

/*
 * Issue 18: offline, a screen whose data was never saved on this device says so instead of a skeleton that
 * cannot resolve ("Loading outlets" forever). The network is cut: every call fails as it would offline.
 */
describe('offline with nothing saved', () => {
  const offline = () => {
    server.use(http.all('*/api/*', () => HttpResponse.error()))
    onlineManager.setOnline(false)
  }

  it.each([
    ['a paged list', '/outlets', 'Loading outlets'],
    ['the transactions list', '/transactions', 'Loading transactions'],
  ])('%s says it is not saved yet', async (_name, path, loading) => {
    offline()
    renderApp(path)
    expect(await screen.findByText(NOT_SAVED_TEXT)).toBeTruthy()
    expect(screen.queryByText(loading)).toBeNull()
  })

  it('a detail page says it is not saved yet', async () => {
    offline()
    renderApp('/customers/customer-9')
    expect(await screen.findByText(NOT_SAVED_TEXT)).toBeTruthy()
    expect(document.querySelector('[aria-busy="true"]')).toBeNull()
  })
})
