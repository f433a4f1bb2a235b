import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatShortDateTime } from '#app/lib/dates'
import { useOnline } from '#app/lib/online'
import { type OutboxItem, useOutboxOf } from '#app/lib/outbox'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { EmptyState } from '#app/ui/empty-state'
import { Field, Textarea } from '#app/ui/field'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import { WaitingBadge } from '#app/ui/waiting-badge'
import { type DisputeInfo, type DisputeMessage, MAX_DISPUTE_MESSAGE } from '#contract/disputes'

import { CONVERSATION_SIZE, disputeConversationQuery, useSendDisputeMessage } from '../queries'

/** What the composer says offline: a message written now waits on the device (docs/decisions/092). */
export const OFFLINE_MESSAGE_NOTE = 'You are offline. Your message is kept on this device and sent when you reconnect.'
export const RESOLVED_REASON = 'This dispute is resolved, so its conversation is closed.'

const thread = stack({ gap: '3' })
const bubble = stack({
  gap: '1',
  maxW: '85%',
  px: '3',
  py: '2',
  borderRadius: 'control',
  bg: 'bg.muted',
  alignSelf: 'flex-start',
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
})
// The vendor's own messages sit on the right, as in every chat app; the customer's and the admin's on the left.
const own = css({ alignSelf: 'flex-end', bg: 'accent.subtle' })
const admin = css({ bg: 'info.subtle' })
// Name and time share a line when they fit; otherwise the time wraps under the name rather than each being
// squeezed into half of the bubble.
const author = css({
  textStyle: 'caption',
  color: 'fg.muted',
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '3',
  rowGap: '0',
  justifyContent: 'space-between',
})
const composer = stack({ gap: '2', pt: '3', borderTopWidth: '1px', borderColor: 'border.default' })
const reason = css({ textStyle: 'body.sm', color: 'fg.muted' })

const AUTHOR_ROLES: Record<DisputeMessage['author'], string> = { vendor: 'You', customer: 'Customer', admin: 'Admin' }

function Message({ message: m }: { message: DisputeMessage }) {
  return (
    <li className={cx(bubble, m.author === 'vendor' && own, m.author === 'admin' && admin)} data-author={m.author}>
      <span className={author}>
        <span>
          {m.authorName} · {AUTHOR_ROLES[m.author]}
        </span>
        <time dateTime={m.createdAt}>{formatShortDateTime(m.createdAt)}</time>
      </span>
      <span>{m.message}</span>
    </li>
  )
}

/** A message written offline, not yet on the server: the vendor's side of the thread, marked as waiting. */
function WaitingMessage({ item }: { item: OutboxItem }) {
  return (
    <li className={cx(bubble, own)} data-author="vendor" data-testid="waiting-message">
      <span className={author}>
        <span>You</span>
        <WaitingBadge item={item} />
      </span>
      <span>{(item.call.body as { message: string }).message}</span>
    </li>
  )
}

function Composer({ dispute }: { dispute: DisputeInfo }) {
  const online = useOnline()
  const send = useSendDisputeMessage(dispute)
  const [text, setText] = useState('')
  const [touched, setTouched] = useState(false)
  const message = text.trim()
  const error = touched && !message ? 'Write a message first.' : undefined
  const closed = dispute.status === 'resolved'
  const disabledReason = closed ? RESOLVED_REASON : null

  function submit() {
    setTouched(true)
    if (!message || disabledReason || send.isPending) return
    send.mutate(message, {
      onSuccess: () => {
        setText('')
        setTouched(false)
      },
    })
  }

  return (
    <form
      className={composer}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Field label="Message" error={error} disabled={closed}>
        <Textarea
          rows={3}
          maxLength={MAX_DISPUTE_MESSAGE}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Write a message"
        />
      </Field>
      {disabledReason ? <p className={reason}>{disabledReason}</p> : !online ? <p className={reason}>{OFFLINE_MESSAGE_NOTE}</p> : null}
      <Button type="submit" loading={send.isPending} disabled={Boolean(disabledReason)}>
        Send message
      </Button>
    </form>
  )
}

/** The dispute's conversation, oldest first, and the composer to add the vendor's message. */
export function DisputeConversation({ dispute }: { dispute: DisputeInfo }) {
  const query = useQuery(disputeConversationQuery(dispute.id))
  const waiting = useOutboxOf('dispute-message', dispute.id)
  const data = query.data
  return (
    <Card title="Conversation">
      {data ? (
        data.items.length || waiting.length ? (
          <>
            <ol aria-label="Messages" className={thread} aria-busy={query.isFetching}>
              {data.items.map((m) => (
                <Message key={m.id} message={m} />
              ))}
              {waiting.map((item) => (
                <WaitingMessage key={item.id} item={item} />
              ))}
            </ol>
            {data.total > data.items.length ? (
              <p className={reason}>Showing the first {CONVERSATION_SIZE.toLocaleString('en-NG')} messages.</p>
            ) : null}
          </>
        ) : (
          <EmptyState title="No messages yet" description="Messages between you, your customer and an administrator will show here." />
        )
      ) : query.isError ? (
        <QueryError query={query} />
      ) : (
        <Skeleton count={3} height={56} />
      )}
      <Composer dispute={dispute} />
    </Card>
  )
}
