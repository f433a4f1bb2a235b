import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatShortDateTime } from '#app/lib/dates'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { QueryError } from '#app/ui/query-error'
import { rowMeta } from '#app/ui/row-text'
import { Skeleton } from '#app/ui/skeleton'
import { API_KEY_CALLS_KEPT_DAYS } from '#contract/api-keys'

import { apiKeyCallsQuery, CALLS_PAGE_SIZE } from '../queries'

const list = stack({ gap: '0' })
const item = css({ py: '2', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0' } })
const request = css({
  display: 'flex',
  gap: '2',
  alignItems: 'baseline',
  fontFamily: 'mono',
  textStyle: 'body.sm',
  overflowWrap: 'anywhere',
})
const refused = css({ color: 'danger.fg', fontWeight: 'medium' })
const succeeded = css({ color: 'success.fg', fontWeight: 'medium' })
const text = css({ textStyle: 'body.sm', color: 'fg.muted' })
const pager = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', mt: '2' })

/** Every call made with the business's keys, refused ones too, newest first; times in Lagos (decision 168). */
export function KeyCalls() {
  const [page, setPage] = useState(1)
  const calls = useQuery(apiKeyCallsQuery(page))
  const data = calls.data
  const pages = data ? Math.max(1, Math.ceil(data.total / CALLS_PAGE_SIZE)) : 1
  return (
    <Card title="Recent calls">
      <p className={text}>Every call made with your keys, newest first. Kept for {API_KEY_CALLS_KEPT_DAYS} days.</p>
      {!data ? (
        calls.isError ? (
          <QueryError query={calls} title="Could not load the calls" />
        ) : (
          <Skeleton count={3} height={40} />
        )
      ) : data.items.length === 0 ? (
        <p className={text}>No calls yet.</p>
      ) : (
        <>
          <ul className={list} aria-label="Calls made with API keys">
            {data.items.map((call, index) => (
              <li key={`${call.at}-${index}`} className={item}>
                <span className={request}>
                  <span className={call.status < 400 ? succeeded : refused}>{call.status}</span>
                  <span>
                    {call.method} {call.path}
                  </span>
                </span>
                <span className={rowMeta}>
                  {formatShortDateTime(call.at)} · {call.keyName} · {call.ip}
                  {call.calls > 1 ? ` · ${call.calls} times that minute` : null}
                </span>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <div className={pager}>
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <span className={text}>
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Older
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Card>
  )
}
