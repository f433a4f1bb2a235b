import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatShortDateTime } from '#app/lib/dates'
import { Badge } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import { rowMeta, rowName } from '#app/ui/row-text'
import { API_KEY_SCOPE_LABELS, type ApiKey } from '#contract/api-keys'

const list = stack({ gap: '0' })
const item = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '3',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})
const body = css({ flex: '1', minW: '0' })
const prefix = css({ fontFamily: 'mono' })
const badges = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', mt: '1.5' })
const actions = css({ display: 'flex', gap: '2', alignItems: 'flex-start', flexShrink: 0 })

export interface KeyListProps {
  keys: ApiKey[]
  /** The signed-in person: only the one who made a key may rotate it (decision 168). */
  userId: string
  onRotate: (key: ApiKey) => void
  onRevoke: (key: ApiKey) => void
  disabled: boolean
}

/** The business's live keys: never their secrets, only the first characters that tell them apart. */
export function KeyList({ keys, userId, onRotate, onRevoke, disabled }: KeyListProps) {
  return (
    <ul className={list} aria-label="API keys">
      {keys.map((key) => (
        <li key={key.id} className={item}>
          <div className={body}>
            <span className={rowName}>{key.name}</span>
            <span className={rowMeta}>
              <span className={prefix}>{key.prefix}…</span>
            </span>
            <span className={rowMeta}>
              Made {formatShortDateTime(key.createdAt)} by {key.createdBy}
            </span>
            <span className={rowMeta}>
              {key.lastUsedAt ? `Last used ${formatShortDateTime(key.lastUsedAt)}` : 'Never used'}
              {key.allowedIps.length > 0 ? ` · Only from ${key.allowedIps.join(', ')}` : ''}
            </span>
            {key.previous ? (
              <span className={rowMeta}>
                Old secret <span className={prefix}>{key.previous.prefix}…</span> works until {formatShortDateTime(key.previous.expiresAt)}
              </span>
            ) : null}
            <span className={badges}>
              {key.scopes.map((scope) => (
                <Badge key={scope} tone={scope === 'transfers' ? 'warning' : 'neutral'}>
                  {API_KEY_SCOPE_LABELS[scope]}
                </Badge>
              ))}
            </span>
          </div>
          <div className={actions}>
            {key.createdById === userId ? (
              <Button variant="outline" size="sm" aria-label={`Rotate ${key.name}`} disabled={disabled} onClick={() => onRotate(key)}>
                Rotate
              </Button>
            ) : null}
            <Button variant="danger" size="sm" aria-label={`Revoke ${key.name}`} disabled={disabled} onClick={() => onRevoke(key)}>
              Revoke
            </Button>
          </div>
        </li>
      ))}
    </ul>
  )
}
