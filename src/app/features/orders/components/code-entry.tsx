import { useQueryClient } from '@tanstack/react-query'
import { type KeyboardEvent, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { errorMessage } from '#app/lib/api'
import { Button } from '#app/ui/button'
import { Field, Input } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { MAX_SKU, type ProductVariant } from '#contract/catalogue'

import { variantByCodeQuery } from '../queries'
import { BarcodeScanner } from './barcode-scanner'
import { variantLabel } from './variant-search'

const row = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '2', alignItems: 'end' })
const said = css({ textStyle: 'body.sm', color: 'fg.muted', '&[data-tone=error]': { color: 'danger.fg' } })

type Said = { tone: 'done' | 'error'; text: string } | null

/**
 * Adding an item by its code (decision 175): typed (or sent by a USB or Bluetooth scanner, which types the code and
 * Enter), or read by the camera. Either way one lookup, GET /order/variants?code=, and the variant found is added
 * as a tap on it in the search would add it.
 */
export function CodeEntry({ onAdd }: { onAdd: (variant: ProductVariant) => void }) {
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [scanning, setScanning] = useState(false)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Said>(null)
  // Scans can arrive faster than lookups answer: one at a time, in order.
  const queue = useRef(Promise.resolve())

  function find(text: string, typed: boolean) {
    const wanted = text.trim()
    if (!wanted) return setMessage({ tone: 'error', text: 'Enter a SKU or barcode.' })
    if (wanted.length > MAX_SKU) return setMessage({ tone: 'error', text: `No product has the code ${wanted}.` })
    setBusy(true)
    queue.current = queue.current.then(async () => {
      try {
        const variant = await queryClient.fetchQuery(variantByCodeQuery(wanted))
        if (!variant) return setMessage({ tone: 'error', text: `No product on sale has the code ${wanted}.` })
        onAdd(variant)
        setMessage({ tone: 'done', text: `Added ${variantLabel(variant)}` })
        if (typed) setCode('')
      } catch (error) {
        setMessage({ tone: 'error', text: errorMessage(error) })
      } finally {
        setBusy(false)
      }
    })
  }

  // Inside the order's form, Enter would submit the order: here it looks the code up instead.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return
    event.preventDefault()
    find(code, true)
  }

  return (
    <div className={stack({ gap: '2' })}>
      <div className={row}>
        <Field label="SKU or barcode">
          <Input
            value={code}
            maxLength={MAX_SKU}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Type or scan a code"
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </Field>
        <Button variant="outline" loading={busy && !scanning} onClick={() => find(code, true)}>
          Add
        </Button>
      </div>
      {scanning ? (
        <BarcodeScanner onCode={(scanned) => find(scanned, false)} onStop={() => setScanning(false)} />
      ) : (
        <Button variant="outline" onClick={() => setScanning(true)}>
          <Icon name="scan" size={18} />
          Scan barcode
        </Button>
      )}
      {/* Always there, so a screen reader hears each new line without the focus leaving the camera or the field. */}
      <p className={said} data-tone={message?.tone} role="status">
        {message?.text}
      </p>
    </div>
  )
}
