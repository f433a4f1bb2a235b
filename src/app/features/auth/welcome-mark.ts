/**
 * The owner's first sign-in after approval answers `welcome: true` once (docs/decisions/056). Login leaves a mark
 * in localStorage, which outlives the navigation to /home and goes with every other trace of the user at
 * sign-out; the welcome dialog takes it away as it opens, so a reload does not show it twice. Apart from the
 * dialog so the login screen does not load a dialog to leave a mark.
 */
export const WELCOME_KEY = 'vbo.welcome'

export function markWelcome(): void {
  localStorage.setItem(WELCOME_KEY, '1')
}
