import { useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'

import type { PayLinkView } from '#contract/catalogue'

const strip = css({
  display: 'flex',
  gap: '2',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  borderRadius: 'card',
  scrollbarWidth: 'none',
})
const slide = css({
  flex: '0 0 100%',
  aspectRatio: '1',
  scrollSnapAlign: 'center',
  bg: 'bg.muted',
  borderRadius: 'card',
  overflow: 'hidden',
  '& img': { w: 'full', h: 'full', objectFit: 'cover' },
})
const thumbs = css({ display: 'flex', gap: '2', mt: '2', overflowX: 'auto', scrollbarWidth: 'none' })
const thumb = css({
  flex: '0 0 auto',
  w: '14',
  h: '14',
  borderRadius: 'control',
  overflow: 'hidden',
  borderWidth: '2px',
  borderColor: 'transparent',
  bg: 'bg.muted',
  cursor: 'pointer',
  '& img': { w: 'full', h: 'full', objectFit: 'cover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
})
const current = css({ borderColor: 'accent.default' })

/**
 * Every image of the product: swiped one at a time (scroll snap, no script needed), with a row of thumbnails
 * under it that jump to an image and show which one is in view.
 */
export function PayLinkGallery({ images, productName }: { images: PayLinkView['images']; productName: string }) {
  const [shown, setShown] = useState(0)
  const stripRef = useRef<HTMLUListElement>(null)
  if (images.length === 0) return null
  const many = images.length > 1
  // Which slide is in view, from the scroll position: swiping updates the thumbnails too.
  const onScroll = () => {
    const el = stripRef.current
    if (el && el.clientWidth > 0) setShown(Math.round(el.scrollLeft / el.clientWidth))
  }
  const go = (i: number) => {
    const el = stripRef.current
    setShown(i)
    el?.children[i]?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest', inline: 'center' })
  }
  return (
    <div>
      <ul ref={stripRef} className={strip} aria-label="Product images" onScroll={many ? onScroll : undefined}>
        {images.map((image, i) => (
          <li key={image.id} className={slide}>
            <img
              src={image.url}
              alt={`${productName}, image ${i + 1} of ${images.length}`}
              decoding="async"
              loading={i === 0 ? 'eager' : 'lazy'}
            />
          </li>
        ))}
      </ul>
      {many ? (
        <div className={thumbs} role="group" aria-label="Choose an image">
          {images.map((image, i) => (
            <button
              key={image.id}
              type="button"
              className={cx(thumb, i === shown && current)}
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-pressed={i === shown}
              onClick={() => go(i)}
            >
              <img src={image.url} alt="" decoding="async" loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
