import type { ToastMessage } from './notify'

/*
 * A toast said on one page and shown on the next. The prerendered login page (decision 099) signs in and then
 * loads the app with a full navigation; the app's "Login successful" toast is said there, and shown on /home
 * as it was when login was a route of the app. sessionStorage: this tab only, gone with it, never synced.
 */
const HANDOVER_KEY = 'vbo.handed-toast'

export function handOverToast(toast: ToastMessage): void {
  try {
    sessionStorage.setItem(HANDOVER_KEY, JSON.stringify(toast))
  } catch {
    // Storage refused (private mode, quota): the toast is lost, the sign-in is not.
  }
}

/** The toast handed over by the previous page, taken once. */
export function takeHandedToast(): ToastMessage[] {
  try {
    const raw = sessionStorage.getItem(HANDOVER_KEY)
    if (!raw) return []
    sessionStorage.removeItem(HANDOVER_KEY)
    const toast = JSON.parse(raw) as Partial<ToastMessage>
    const known = toast.type === 'success' || toast.type === 'error' || toast.type === 'info'
    return known && typeof toast.message === 'string' ? [{ type: toast.type!, message: toast.message }] : []
  } catch {
    return []
  }
}
