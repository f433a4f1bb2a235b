import type { User } from '#contract/auth'

/**
 * Runs inline in the login page's <head>, before anything paints (decision 099): a visitor who is signed in goes
 * straight on, as the React route's beforeLoad sends them, and never sees the form. The build inlines its source
 * text with the session keys and `isOnboarding`'s own source as arguments (so the rule is written once, in
 * lib/onboarding.ts), which is why it imports nothing and closes over nothing. The server allows exactly this
 * script by its hash (src/server/http/static-site.ts).
 */
export function redirectSignedIn(tokenKey: string, userKey: string, isOnboarding: (user: User) => boolean): void {
  try {
    const token = localStorage.getItem(tokenKey)
    const rawUser = localStorage.getItem(userKey)
    if (!token || !rawUser) return
    const user = JSON.parse(rawUser) as User
    document.documentElement.hidden = true
    location.replace(isOnboarding(user) ? '/register' : '/home')
  } catch {
    // No storage, or a user that does not parse: the session is unusable, as getSession() would say. Stay.
    document.documentElement.hidden = false
  }
}
