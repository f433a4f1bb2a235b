import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import { css } from 'styled-system/css'

import { searchKey } from '#contract/search-key'

import { Input } from './field'

export interface SearchSelectOption {
  value: string
  label: string
  /** Other names the option is found by (a bank's short names: "GTB", "UBA"); only the label is shown. */
  keywords?: readonly string[]
}

export interface SearchSelectProps {
  options: readonly SearchSelectOption[]
  value: string | undefined
  onChange: (value: string | undefined) => void
  placeholder?: string
  emptyText?: string
  disabled?: boolean
  /** Set inside a Field, which labels the input; otherwise give one. */
  'aria-label'?: string
}

const wrapper = css({ position: 'relative' })
const listbox = css({
  position: 'absolute',
  zIndex: 'sticky',
  top: 'calc(100% + 4px)',
  insetX: '0',
  maxH: '16rem',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  boxShadow: 'overlay',
  py: '1',
})
const option = css({
  display: 'flex',
  alignItems: 'center',
  minH: 'touch',
  px: '3',
  cursor: 'pointer',
  '&[data-active]': { bg: 'bg.muted' },
  '&[aria-selected=true]': { color: 'accent.fg', fontWeight: 'semibold' },
})
const empty = css({ px: '3', py: '3', color: 'fg.muted', textStyle: 'body.sm' })

/**
 * A searchable single choice (ARIA 1.2 combobox with a listbox): type to filter, arrows and Enter or a tap to
 * choose. Typing over a chosen value clears the choice, so what is shown is always what is chosen.
 */
export function SearchSelect({
  options,
  value,
  onChange,
  placeholder = 'Search',
  emptyText = 'No match',
  disabled,
  ...rest
}: SearchSelectProps) {
  const listId = useId()
  const selected = options.find((o) => o.value === value)
  const [query, setQuery] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)

  const filtered = useMemo(() => {
    const q = searchKey(query ?? '')
    if (!q) return options
    return options.filter((o) => [o.label, ...(o.keywords ?? [])].some((name) => searchKey(name).includes(q)))
  }, [options, query])

  function choose(next: SearchSelectOption) {
    onChange(next.value)
    setQuery(null)
    setOpen(false)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((i) => (filtered.length ? (i + step + filtered.length) % filtered.length : 0))
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      const pick = filtered[active]
      if (pick) choose(pick)
    } else if (event.key === 'Escape' && open) {
      setOpen(false)
      setQuery(null)
    }
  }

  const activeOption = open ? filtered[active] : undefined
  return (
    <div className={wrapper}>
      <Input
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${activeOption.value}` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        value={query ?? selected?.label ?? ''}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false)
          setQuery(null)
        }}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
          setOpen(true)
          if (value !== undefined) onChange(undefined)
        }}
        onKeyDown={onKeyDown}
        {...rest}
      />
      {open ? (
        <ul role="listbox" id={listId} className={listbox}>
          {/* A listbox may hold only options: 'No match' is one that cannot be chosen. */}
          {filtered.length === 0 ? (
            <li role="option" aria-disabled="true" aria-selected="false" className={empty}>
              {emptyText}
            </li>
          ) : null}
          {filtered.map((o, index) => (
            <li
              key={o.value}
              id={`${listId}-${o.value}`}
              role="option"
              aria-selected={o.value === value}
              data-active={index === active ? '' : undefined}
              className={option}
              // Keep focus in the input so blur does not close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(o)}
            >
              {o.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
