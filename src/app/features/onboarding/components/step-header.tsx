import { css } from 'styled-system/css'

const STEPS = ['Account', 'Phone', 'Identity', 'Shop'] as const
export type StepName = (typeof STEPS)[number]

const list = css({ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: '2', listStyle: 'none', p: '0', m: '0' })
const item = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.5',
  textStyle: 'caption',
  color: 'fg.muted',
  '&::before': { content: '""', display: 'block', h: '1', borderRadius: 'full', bg: 'bg.emphasized' },
  '&[data-state=done]::before, &[data-state=current]::before': { bg: 'accent.default' },
  '&[data-state=current]': { color: 'accent.fg', fontWeight: 'semibold' },
})

/** Where the owner is among the four steps of opening an account. */
export function StepHeader({ current }: { current: StepName }) {
  const at = STEPS.indexOf(current)
  return (
    <ol className={list} aria-label={`Step ${at + 1} of ${STEPS.length}`}>
      {STEPS.map((step, index) => (
        <li
          key={step}
          className={item}
          data-state={index < at ? 'done' : index === at ? 'current' : 'todo'}
          aria-current={index === at ? 'step' : undefined}
        >
          {step}
        </li>
      ))}
    </ol>
  )
}
