import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { Input } from '../../../ui/field'
import { Icon } from '../../../ui/icon'

const SEARCH_DELAY_MS = 300

const wrapper = css({ position: 'relative', '& input': { pl: '10' } })
const icon = css({ position: 'absolute', left: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none', display: 'flex' })

/**
 * Search by name: typed freely, handed on once typing pauses, so the URL and the API see one change per pause.
 * A new value from outside (Back, a shared link) replaces what is in the box.
 */
export function ProductSearch({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const [text, setText] = useState(value)
  const settled = useDebouncedValue(text, SEARCH_DELAY_MS)
  const sent = useRef(value)

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }, [value])

  useEffect(() => {
    const name = settled.trim()
    if (name === sent.current) return
    sent.current = name
    onChange(name)
  }, [settled, onChange])

  return (
    <div className={wrapper}>
      <span className={icon}>
        <Icon name="search" size={18} />
      </span>
      <Input type="search" aria-label="Search products by name" placeholder="Search products" value={text} onChange={(event) => setText(event.target.value)} />
    </div>
  )
}
