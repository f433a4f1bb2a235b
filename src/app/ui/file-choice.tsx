import { type ChangeEvent, useEffect, useId, useState } from 'react'
import { css } from 'styled-system/css'
import { stack, visuallyHidden } from 'styled-system/patterns'

import { ImageRejected, prepareImage } from '../lib/images'
import { IconButton } from './button'
import { Icon } from './icon'
import { Spinner } from './spinner'

const wrap = stack({ gap: '2', minW: '0' })
const labelStyle = css({ textStyle: 'label', color: 'fg.default' })
const pickButton = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  minH: 'touch',
  px: '4',
  py: '3',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  borderRadius: 'control',
  color: 'fg.muted',
  cursor: 'pointer',
  textAlign: 'center',
  _hover: { bg: 'bg.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
  '&[data-invalid]': { borderColor: 'danger.default' },
})
const chosen = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  minW: '0',
})
const thumb = css({ w: '14', h: '14', flexShrink: 0, borderRadius: 'control', objectFit: 'cover', bg: 'bg.muted' })
const fileIcon = css({
  display: 'grid',
  placeItems: 'center',
  w: '14',
  h: '14',
  flexShrink: 0,
  borderRadius: 'control',
  bg: 'bg.muted',
  color: 'fg.muted',
})
const fileName = css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 'medium' })
const fileSize = css({ textStyle: 'caption', color: 'fg.muted' })
const helperText = css({ textStyle: 'body.sm', color: 'fg.muted' })
const errorText = css({ display: 'flex', alignItems: 'flex-start', gap: '1.5', textStyle: 'body.sm', color: 'danger.fg' })

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`

/** An object URL for an image file's preview, released when the file changes or the form goes away. */
export function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return setUrl(null)
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url
}

export interface FileChoiceProps {
  label: string
  /** What to pick, for the picker button: 'Upload document', 'Upload logo'. */
  pickLabel: string
  accept: string
  value: File | null
  onChange: (file: File | null) => void
  /** Refuses a file the server would refuse, before anything is sent; answers the message for the field. */
  check?: (file: File) => string | null
  helper?: string
  error?: string | null
}

/**
 * One file with its name, size and (for an image) a preview. Images are shrunk as product photos are
 * (lib/images.ts), so a 6 MB phone photo of an ID card still goes up; anything else (a PDF) is sent as it is.
 */
export function FileChoice({ label, pickLabel, accept, value, onChange, check, helper, error }: FileChoiceProps) {
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [ownError, setOwnError] = useState<string | null>(null)
  const preview = usePreview(value)
  const shown = ownError ?? error ?? null

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setBusy(true)
    try {
      const prepared = file.type.startsWith('image/') ? await prepareImage(file) : file
      const problem = check?.(prepared) ?? null
      setOwnError(problem)
      if (!problem) onChange(prepared)
    } catch (failure) {
      setOwnError(failure instanceof ImageRejected ? failure.message : 'Could not read this file. Try another one.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={wrap}>
      <span className={labelStyle} id={`${id}-label`}>
        {label}
      </span>
      {value ? (
        <div className={chosen}>
          {preview ? (
            <img className={thumb} src={preview} alt={`Preview of ${value.name}`} />
          ) : (
            <span className={fileIcon}>
              <Icon name="receipt" size={24} />
            </span>
          )}
          <span className={css({ display: 'flex', flexDirection: 'column', flex: '1', minW: '0' })}>
            <span className={fileName}>{value.name}</span>
            <span className={fileSize}>{kb(value.size)}</span>
          </span>
          <IconButton icon="trash" label={`Remove ${value.name}`} variant="ghost" onClick={() => onChange(null)} />
        </div>
      ) : (
        <label className={pickButton} data-invalid={shown ? '' : undefined}>
          {busy ? <Spinner /> : <Icon name="image" />}
          <span>{busy ? 'Preparing…' : pickLabel}</span>
          <input
            type="file"
            accept={accept}
            className={visuallyHidden()}
            aria-labelledby={`${id}-label`}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? `${id}-error` : helper ? `${id}-helper` : undefined}
            disabled={busy}
            onChange={(event) => void pick(event)}
          />
        </label>
      )}
      {helper ? (
        <p id={`${id}-helper`} className={helperText}>
          {helper}
        </p>
      ) : null}
      {shown ? (
        <p id={`${id}-error`} className={errorText}>
          <Icon name="alert-circle" size={16} />
          {shown}
        </p>
      ) : null}
    </div>
  )
}
