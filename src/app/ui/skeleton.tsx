import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

export interface SkeletonProps {
  /** CSS length or a number of pixels; defaults to one line of text. */
  height?: string | number
  width?: string | number
  /** Number of stacked bars; the last of several is shorter, like the end of a paragraph. */
  count?: number
  radius?: string | number
}

const column = stack({ gap: '2', w: 'full' })
/** The shimmering fill of a placeholder, for shapes drawn elsewhere (a stat tile's lines). */
export const skeletonFill = css({
  display: 'block',
  maxW: 'full',
  bgImage: 'linear-gradient(90deg, {colors.bg.muted} 25%, {colors.bg.emphasized} 50%, {colors.bg.muted} 75%)',
  bgSize: '200% 100%',
  animation: 'shimmer 1.6s ease-in-out infinite',
  // Reduced motion: a still placeholder says "loading" just as well.
  _motionReduce: { animation: 'none', bgImage: 'none', bg: 'bg.muted' },
})

function toLength(value: string | number): string {
  return typeof value === 'number' ? `${value}px` : value
}

/** Placeholder shapes while data loads; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ height = '1rem', width = '100%', count = 1, radius = '0.375rem' }: SkeletonProps) {
  const bars = Array.from({ length: Math.max(1, count) }, (_, index) => (
    <span
      key={index}
      className={skeletonFill}
      style={{
        height: toLength(height),
        width: count > 1 && index === count - 1 ? '60%' : toLength(width),
        borderRadius: toLength(radius),
      }}
    />
  ))
  return (
    <span aria-hidden="true" className={column} data-skeleton="">
      {bars}
    </span>
  )
}
