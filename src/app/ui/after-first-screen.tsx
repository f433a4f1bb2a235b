import { type ReactNode, Suspense } from 'react'

import { useAfterFirstScreen } from '#app/lib/after-first-screen'

/**
 * A lazy part of a screen (React.lazy: its code is a chunk of its own) drawn only once the first screen has its data
 * and the browser is idle (decision 124), so its chunk takes none of the phone's connections before the screen's
 * first paint (the cold /orders file budget, bench/budgets.ts). `meanwhile` stands in until then and while the chunk
 * loads: at the part's own shape, so nothing moves when it comes.
 */
export function AfterFirstScreen({ meanwhile, children }: { meanwhile: ReactNode; children: ReactNode }) {
  const come = useAfterFirstScreen()
  return come ? <Suspense fallback={meanwhile}>{children}</Suspense> : meanwhile
}
