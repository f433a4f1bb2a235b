import { useEffect, useId, useRef } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Icon } from '#app/ui/icon'
import { type Permission, permissionLabel } from '#contract/permissions'

const fieldset = stack({ gap: '1', border: 'none', p: '0', m: '0', minW: '0' })
const legend = css({ textStyle: 'label', color: 'fg.default', mb: '1', p: '0' })
const row = css({ display: 'flex', alignItems: 'center', gap: '3', minH: 'touch', cursor: 'pointer' })
const allRow = css({ fontWeight: 'medium', borderBottomWidth: '1px', borderColor: 'border.default' })
const box = css({ w: '5', h: '5', flexShrink: 0, accentColor: 'accent.default', cursor: 'pointer' })
const helper = css({ textStyle: 'body.sm', color: 'fg.muted' })
const errorText = css({ display: 'flex', alignItems: 'flex-start', gap: '1.5', textStyle: 'body.sm', color: 'danger.fg' })

export interface PermissionChecklistProps {
  /** The permissions that may be granted: those the inviter holds, in the contract's order. */
  offered: readonly Permission[]
  value: readonly Permission[]
  onChange: (value: Permission[]) => void
  error?: string
}

/** Invite Team Member's permissions (SPEC §2): one box each, and Select all, which is mixed while some are ticked. */
export function PermissionChecklist({ offered, value, onChange, error }: PermissionChecklistProps) {
  const id = useId()
  const allRef = useRef<HTMLInputElement>(null)
  const chosen = offered.filter((p) => value.includes(p))
  const all = offered.length > 0 && chosen.length === offered.length
  const some = chosen.length > 0 && !all
  useEffect(() => {
    // Only script can set a checkbox's mixed state; assistive technology then reads it as "mixed".
    if (allRef.current) allRef.current.indeterminate = some
  }, [some])

  return (
    <fieldset className={fieldset} aria-invalid={error ? true : undefined} aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}>
      <legend className={legend}>Permissions</legend>
      <p id={`${id}-help`} className={helper}>
        What the member can see and do. You can grant only permissions you hold.
      </p>
      <label className={cx(row, allRow)}>
        <input ref={allRef} type="checkbox" className={box} checked={all} onChange={() => onChange(all ? [] : [...offered])} />
        Select all
      </label>
      {offered.map((permission) => (
        <label key={permission} className={row}>
          <input
            type="checkbox"
            className={box}
            name="permissions"
            value={permission}
            checked={value.includes(permission)}
            onChange={(event) => onChange(event.target.checked ? [...value, permission] : value.filter((p) => p !== permission))}
          />
          {permissionLabel(permission)}
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className={errorText}>
          <Icon name="alert-circle" size={16} />
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
