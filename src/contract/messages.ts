/*
 * Sentences both sides say, written once. The server answers with them; the app says them when it has no answer
 * of the server's to show. Plain strings, no imports: the app's first screen (api.ts, first-screen/boot.tsx) takes them.
 */

/** A 401: the session is gone. The server's answer to a call without a live session, and the app's toast. */
export const UNAUTHENTICATED_MESSAGE = 'You are not authenticated, please login'

/**
 * Nothing better to say: the server's answer to an unexpected error (500 `INTERNAL`), and the app's words for a
 * failure that came without a message of the server's (a network error online, a body that is not ours).
 */
export const FALLBACK_MESSAGE = 'Something happened, please try again.'

/**
 * A one-time code whose first send failed (issue 37): the server's 503 `CODE_NOT_SENT` message, and what the app
 * shows instead of waiting for a code that never comes (registration answers `codeSent: false` instead).
 */
export const CODE_NOT_SENT_MESSAGE = 'We could not send the code, try again.'
