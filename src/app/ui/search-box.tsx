import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'

import { useDebouncedValue } from '../lib/use-debounced-value'
import { Input } from './field'
import { Icon } from './icon'

/** The pause after the last keystroke before a search is sent (the product search's too). */
export const SEARCH_DELAY_MS = 300

const wrapper = css({ position: 'relative', '& input': { pl: '10' } })
const icon = css({
  position: 'absolute',
  left: '3',
  top: '50%',
  transform: 'translateY(-50%)',
  color: 'fg.muted',
  pointerEvents: 'none',
  display: 'flex',
})

export interface SearchBoxProps {
  /** The search in force (from the URL). */
  value: string
  /** Called with the trimmed text once typing pauses, so the URL and the API see one change per pause. */
  onChange: (text: string) => void
  /** The box's accessible name: 'Search customers by name'. */
  label: string
  placeholder?: string
}

/**
 * A list's search box: typed freely, handed on once typing pauses. A new value from outside (Back, a shared link,
 * a cleared filter) replaces what is in the box.
 */
export function SearchBox({ value, onChange, label, placeholder = 'Search' }: SearchBoxProps) {
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
    const trimmed = settled.trim()
    if (trimmed === sent.current) return
    sent.current = trimmed
    onChange(trimmed)
  }, [settled, onChange])

  return (
    <div className={wrapper}>
      <span className={icon}>
        <Icon name="search" size={18} />
      </span>
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  )
}
