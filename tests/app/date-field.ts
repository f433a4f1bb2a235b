// A date field (ui/date-input.tsx) in a test: found by its label once its calendar code has loaded (until then it is
// a read-only stand-in), and given a dd/MM/yyyy text the way typing does (input events), then left, which is when it
// is read. Typing key by key is tests/app/ui/date-filter.test.tsx's; here it would only make long journeys slower.
import { act, fireEvent, within } from '@testing-library/react'
import { vi } from 'vitest'

export function dateField(label: string, container: HTMLElement = document.body): Promise<HTMLInputElement> {
  return vi.waitUntil(
    () => {
      const input = within(container).queryByLabelText<HTMLInputElement>(label)
      return input && !input.readOnly ? input : null
    },
    { timeout: 5_000 },
  )
}

/** Enters `dd/MM/yyyy` ('' empties the field) in the field labelled `label` and leaves it. */
export async function typeDate(label: string, value: string, container?: HTMLElement): Promise<void> {
  const input = await dateField(label, container)
  fireEvent.focusIn(input)
  fireEvent.input(input, { target: { value } })
  fireEvent.focusOut(input)
  // The picker hands the value on after the event (zag's machine): let React draw what follows.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}
