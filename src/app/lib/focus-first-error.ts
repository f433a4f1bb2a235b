const CONTROL = 'input:not([type=hidden]), select, textarea, button, [tabindex]:not([tabindex="-1"])'

/**
 * Brings the first field showing an error into view and puts focus in it: in a long sheet the error can sit above
 * or below what is on screen, and a refusal nobody sees reads as a button that did nothing (issue 35). The field's
 * whole frame (label, control, message) is scrolled to, then its control is focused without scrolling again.
 * Plain DOM, so the prerendered login page (decision 099) does what the app's Form does with the same code.
 */
export function focusFirstError(formElement: HTMLFormElement | null): void {
  const invalid = formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')
  if (!invalid) return
  const frame = invalid.closest<HTMLElement>('[data-scope="field"][data-part="root"]') ?? invalid
  const control = invalid.matches(CONTROL) ? invalid : (invalid.querySelector<HTMLElement>(CONTROL) ?? invalid)
  frame.scrollIntoView?.({ block: 'nearest' })
  control.focus({ preventScroll: true })
}
