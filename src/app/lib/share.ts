import { notify } from './notify'

/*
 * One way to hand something to WhatsApp and the like (issue 22): the system share sheet (Web Share) with a file
 * where the browser can share files, else with text and a link, else the text on the clipboard with a toast.
 */

export interface ShareContent {
  title: string
  /** What the person reads: also what is copied when there is no share sheet. */
  text: string
  url?: string
  /** Built only when asked (a PDF takes a moment): shared as a file where the browser can. */
  file?: () => Promise<File>
}

/** What happened: the sheet took it (with the file or without), it went to the clipboard, or nothing did. */
export type ShareOutcome = 'shared-file' | 'shared' | 'copied' | 'cancelled' | 'failed'

const COPY_FAILED = 'Could not copy. Press and hold the text to copy it instead.'

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** Saves a file through a temporary link: a CSV export, a receipt or an invoice PDF. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/** The text and the link on one message, the way a chat shows them. */
export function shareText(content: Pick<ShareContent, 'text' | 'url'>): string {
  return content.url ? `${content.text}\n${content.url}` : content.text
}

async function copy(content: ShareContent, copiedMessage: string): Promise<ShareOutcome> {
  try {
    await navigator.clipboard.writeText(shareText(content))
    notify.success(copiedMessage)
    return 'copied'
  } catch {
    // The clipboard needs a secure context and, in some browsers, permission.
    notify.error(COPY_FAILED)
    return 'failed'
  }
}

/**
 * Shares `content`; `copiedMessage` is the toast when it is copied instead. Dismissing the share sheet
 * (AbortError) is the person's choice, not an error: nothing is said. A sheet that refuses (no user gesture left
 * after building the file, a type it will not take) falls back to the clipboard.
 */
export async function shareOrCopy(content: ShareContent, copiedMessage: string): Promise<ShareOutcome> {
  const canShareAtAll = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  if (!canShareAtAll) return copy(content, copiedMessage)
  try {
    if (content.file && typeof navigator.canShare === 'function') {
      const file = await content.file()
      if (navigator.canShare({ files: [file] })) {
        await navigator.share({ files: [file], title: content.title, text: shareText(content) })
        return 'shared-file'
      }
    }
    await navigator.share({ title: content.title, text: content.text, url: content.url })
    return 'shared'
  } catch (error) {
    if (isAbort(error)) return 'cancelled'
    return copy(content, copiedMessage)
  }
}
