import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'

import { formatCount } from '#app/lib/format'
import { afterFailure, type Attempt, attemptFor } from '#app/lib/idempotency'
import { useOnline } from '#app/lib/online'
import { ChoiceChips } from '#app/ui/choice-chips'
import { Field, Input, Select } from '#app/ui/field'
import { FormSheet } from '#app/ui/form-sheet'

import { type BulkEditBody, useBulkEdit } from '../csv'
import { allCollectionsQuery } from '../queries'

/*
 * Edit the ticked products at once (issue 41): every price by a percentage, publish, unpublish, or move to a
 * collection. One call, all or none (PATCH /product/bulk); the server refuses a percentage that would take any
 * price out of range, and says which product. One Idempotency-Key per attempt, kept only to retry one whose outcome
 * is unknown, so a second tap after a lost answer never raises the prices twice.
 */

type Change = 'price' | 'publish' | 'unpublish' | 'collection'

const CHANGES = [
  { value: 'price', label: 'Change price' },
  { value: 'publish', label: 'Publish' },
  { value: 'unpublish', label: 'Unpublish' },
  { value: 'collection', label: 'Move to collection' },
] as const

const NO_COLLECTION = ''
const PERCENT = /^-?\d{1,4}(\.\d{1,2})?$/

/** The percentage as typed ('10', '-15', '7.5'), or why it cannot be sent. */
function percentOf(text: string): number | string {
  const trimmed = text.trim().replace(/%$/, '')
  if (!PERCENT.test(trimmed)) return 'Enter a percentage like 10 or -15'
  const value = Number(trimmed)
  if (value === 0) return 'Enter a percentage other than 0'
  if (value < -99 || value > 1000) return 'Enter a percentage between -99 and 1000'
  return value
}

export function BulkEditSheet({ ids, onClose, onDone }: { ids: string[]; onClose: () => void; onDone: () => void }) {
  const online = useOnline()
  const edit = useBulkEdit()
  const collections = useQuery(allCollectionsQuery())
  const [change, setChange] = useState<Change>('price')
  const [percent, setPercent] = useState('')
  const [collectionId, setCollectionId] = useState(NO_COLLECTION)
  const [tried, setTried] = useState(false)
  const pending = useRef<Attempt | null>(null)
  const percentValue = percentOf(percent)
  const percentError = change === 'price' && tried && typeof percentValue === 'string' ? percentValue : null

  function submit() {
    setTried(true)
    let body: BulkEditBody
    if (change === 'price') {
      if (typeof percentValue === 'string') return
      body = { ids, pricePercent: percentValue }
    } else if (change === 'collection') body = { ids, collectionId: collectionId || null }
    else body = { ids, isPublished: change === 'publish' }
    if (edit.isPending) return
    const attempt = attemptFor(pending.current, JSON.stringify(body))
    pending.current = attempt
    edit.mutate(
      { body, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          pending.current = null
          onDone()
        },
        onError: (error) => {
          pending.current = afterFailure(attempt, error)
        },
      },
    )
  }

  return (
    <FormSheet
      title="Edit products"
      description={`${formatCount(ids.length, 'product')} selected`}
      submitLabel={`Apply to ${formatCount(ids.length, 'product')}`}
      pending={edit.isPending}
      disabled={!online}
      onSubmit={submit}
      onClose={onClose}
    >
      {() => (
        <>
          <ChoiceChips legend="Change" choices={CHANGES} value={change} onChange={setChange} />
          {change === 'price' ? (
            <Field
              label="Change every price by (%)"
              helper="10 raises every variant's price by 10%; -15 lowers it by 15%. Rounded to the kobo."
              error={percentError}
            >
              <Input inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} placeholder="10" />
            </Field>
          ) : null}
          {change === 'collection' ? (
            <Field label="Collection">
              <Select value={collectionId} onChange={(e) => setCollectionId(e.target.value)}>
                <option value={NO_COLLECTION}>No collection</option>
                {(collections.data?.items ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
        </>
      )}
    </FormSheet>
  )
}
