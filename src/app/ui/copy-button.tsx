import { useEffect, useState } from 'react'

import { notify } from '../lib/notify'
import { IconButton } from './button'

export interface CopyButtonProps {
  value: string
  /** Toast shown after copying, e.g. 'Session ID copied' (SPEC §8). */
  toastMessage: string
  /** Accessible name, e.g. 'Copy session ID'. */
  label: string
}

const CONFIRM_MS = 2000

/** Copies `value` to the clipboard, confirms with a toast and, for a moment, a check mark. */
export function CopyButton({ value, toastMessage, label }: CopyButtonProps) {
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), CONFIRM_MS)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
      notify.success(toastMessage)
    } catch {
      // The clipboard needs a secure context and, in some browsers, permission.
      notify.error('Could not copy. Press and hold the text to copy it instead.')
    }
  }

  return <IconButton label={label} icon={copied ? 'check' : 'copy'} onClick={copy} />
}
