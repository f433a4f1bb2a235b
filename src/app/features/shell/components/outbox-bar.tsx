import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { dayAndClockText } from '#app/lib/lagos-clock'
import { useOnline } from '#app/lib/online'
import { discardItem, type OutboxItem, retryItem, useOutbox, waitingText } from '#app/lib/outbox'
import { Button } from '#app/ui/button'
import { Icon } from '#app/ui/icon'
import { Sheet } from '#app/ui/sheet'
import { WaitingBadge } from '#app/ui/waiting-badge'

const bar = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  width: 'full',
  minHeight: '44px',
  px: '4',
  py: '2',
  bg: 'info.subtle',
  color: 'info.fg',
  fontSize: 'sm',
  fontWeight: 'medium',
  textAlign: 'left',
  cursor: 'pointer',
  '&[data-refused]': { bg: 'danger.subtle', color: 'danger.fg' },
})
const list = stack({ gap: '3' })
const entry = stack({ gap: '2', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'control' })
const head = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '2' })
const meta = css({ textStyle: 'body.sm', color: 'fg.muted' })
const refusal = css({ textStyle: 'body.sm', color: 'danger.fg' })
const actions = css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })

function refusedText(count: number): string {
  return `${count} ${count === 1 ? 'change was' : 'changes were'} not accepted`
}

function Entry({ item }: { item: OutboxItem }) {
  return (
    <li className={entry} data-testid="outbox-item">
      <div className={head}>
        <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{item.label}</span>
        <WaitingBadge item={item} />
      </div>
      <span className={meta}>Made on this device {dayAndClockText(item.createdAt)}</span>
      {item.state === 'failed' ? (
        <p className={refusal} role="alert">
          {item.error}
        </p>
      ) : null}
      {item.state === 'sending' ? null : (
        <div className={actions}>
          <Button variant="ghost" size="sm" onClick={() => void discardItem(item.id)}>
            Discard
          </Button>
          {item.state === 'failed' ? (
            <Button variant="outline" size="sm" onClick={() => void retryItem(item.id)}>
              Retry
            </Button>
          ) : null}
        </div>
      )}
    </li>
  )
}

/**
 * The changes made offline that have not reached the server (docs/decisions/092), under the header on every signed-in
 * screen while there are any: "2 changes waiting to send", or the refusals first, since those need the vendor.
 */
export function OutboxBar() {
  const items = useOutbox()
  const online = useOnline()
  const [open, setOpen] = useState(false)
  if (items.length === 0 && !open) return null
  const refused = items.filter((item) => item.state === 'failed').length
  const text = refused > 0 ? refusedText(refused) : waitingText(items.length)
  return (
    <>
      <button
        type="button"
        className={bar}
        data-refused={refused > 0 ? '' : undefined}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        <Icon name={refused > 0 ? 'alert-circle' : 'refresh'} size={18} />
        <span className={css({ flex: 1 })}>{text}</span>
        <Icon name="chevron-right" size={18} />
      </button>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        title="Changes not yet sent"
        description={
          online ? 'They are sent in the order they were made.' : 'They are sent in the order they were made, once you reconnect.'
        }
      >
        {items.length === 0 ? (
          <p className={meta}>Everything has been sent.</p>
        ) : (
          <ul className={list} aria-label="Changes not yet sent">
            {items.map((item) => (
              <Entry key={item.id} item={item} />
            ))}
          </ul>
        )}
      </Sheet>
    </>
  )
}
