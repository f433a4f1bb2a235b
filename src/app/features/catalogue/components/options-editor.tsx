import { type KeyboardEvent, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Button, IconButton } from '#app/ui/button'
import { Field, Input } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { RemovableChips } from '#app/ui/removable-chips'
import { MAX_OPTION_TEXT, MAX_OPTION_VALUES, MAX_OPTIONS, MAX_VARIANTS } from '#contract/catalogue'

import { type DraftErrors, newKey, type OptionDraft } from '../product-draft'

const box = stack({ gap: '3', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'control' })
const header = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'end', gap: '2' })
const addRow = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '2' })
const note = css({ textStyle: 'body.sm', color: 'fg.muted' })

interface OptionEditorProps {
  option: OptionDraft
  index: number
  errors: DraftErrors['options'][string] | undefined
  /** Variants the other options make: adding a value here multiplies them. */
  otherCombinations: number
  onChange: (option: OptionDraft) => void
  onRemove: () => void
}

function valueError(option: OptionDraft, value: string, otherCombinations: number): string | null {
  if (value.length > MAX_OPTION_TEXT) return `Use at most ${MAX_OPTION_TEXT} characters.`
  if (option.values.some((v) => v.toLowerCase() === value.toLowerCase())) return 'This value is already there.'
  if (option.values.length >= MAX_OPTION_VALUES) return `At most ${MAX_OPTION_VALUES} values.`
  if ((option.values.length + 1) * otherCombinations > MAX_VARIANTS) return `At most ${MAX_VARIANTS} variants: remove a value first.`
  return null
}

function OptionEditor({ option, index, errors, otherCombinations, onChange, onRemove }: OptionEditorProps) {
  const [pending, setPending] = useState('')
  const [error, setError] = useState<string | null>(null)
  const title = option.name.trim() || `Option ${index + 1}`

  function add() {
    const value = pending.trim()
    if (!value) return
    const problem = valueError(option, value, otherCombinations)
    setError(problem)
    if (problem) return
    onChange({ ...option, values: [...option.values, value] })
    setPending('')
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter (or a comma, as people type lists) adds the value instead of submitting the whole form.
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      add()
    }
  }

  return (
    <div className={box} role="group" aria-label={title}>
      <div className={header}>
        <Field label="Option name" error={errors?.name}>
          <Input
            value={option.name}
            placeholder="e.g. Size"
            maxLength={MAX_OPTION_TEXT}
            onChange={(event) => onChange({ ...option, name: event.target.value })}
          />
        </Field>
        <IconButton label={`Remove ${title}`} icon="trash" onClick={onRemove} />
      </div>
      <RemovableChips
        label={`${title} values`}
        chips={option.values.map((value) => ({ key: value, label: value }))}
        onRemove={(value) => onChange({ ...option, values: option.values.filter((v) => v !== value) })}
      />
      <Field label="Add a value" error={error ?? errors?.values}>
        <div className={addRow}>
          <Input
            value={pending}
            placeholder="e.g. Small"
            onChange={(event) => setPending(event.target.value)}
            onKeyDown={onKeyDown}
            enterKeyHint="done"
          />
          <Button variant="outline" onClick={add} aria-label={`Add value to ${title}`}>
            Add
          </Button>
        </div>
      </Field>
    </div>
  )
}

/** Up to three options (Size, Colour…), each with its values as chips; the variants are every combination. */
export function OptionsEditor({
  options,
  errors,
  onChange,
}: {
  options: OptionDraft[]
  errors: DraftErrors['options']
  onChange: (options: OptionDraft[]) => void
}) {
  const countOf = (o: OptionDraft) => Math.max(1, o.values.length)
  return (
    <div className={stack({ gap: '3' })}>
      {options.length === 0 ? (
        <p className={note}>No options: the product is sold as one item. Add options such as size or colour to sell variants.</p>
      ) : null}
      {options.map((option, index) => (
        <OptionEditor
          key={option.key}
          option={option}
          index={index}
          errors={errors[option.key]}
          otherCombinations={options.filter((o) => o !== option).reduce((n, o) => n * countOf(o), 1)}
          onChange={(next) => onChange(options.map((o) => (o.key === option.key ? next : o)))}
          onRemove={() => onChange(options.filter((o) => o.key !== option.key))}
        />
      ))}
      {options.length < MAX_OPTIONS ? (
        <Button variant="outline" onClick={() => onChange([...options, { key: newKey(), name: '', values: [] }])}>
          <Icon name="plus" size={18} />
          Add option
        </Button>
      ) : (
        <p className={note}>A product can have up to {MAX_OPTIONS} options.</p>
      )}
    </div>
  )
}
