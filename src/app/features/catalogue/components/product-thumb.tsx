import { css } from 'styled-system/css'

import { Icon } from '#app/ui/icon'

const frame = css({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: 'control',
  bg: 'bg.muted',
  color: 'fg.subtle',
  '& img': { w: 'full', h: 'full', objectFit: 'cover' },
})

/** A product's picture cropped to a square, or a placeholder when it has none. Decorative: the name is beside it. */
export function ProductThumb({ url, size = 56 }: { url: string | null | undefined; size?: number }) {
  return (
    <span className={frame} style={{ width: size, height: size }}>
      {url ? (
        <img src={url} alt="" width={size} height={size} loading="lazy" decoding="async" />
      ) : (
        <Icon name="image" size={Math.round(size / 2.5)} />
      )}
    </span>
  )
}
