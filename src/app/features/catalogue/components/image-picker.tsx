import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { stack, visuallyHidden } from 'styled-system/patterns'

import { IMAGE_ACCEPT, ImageRejected, prepareImage } from '#app/lib/images'
import { IconButton } from '#app/ui/button'
import { Icon } from '#app/ui/icon'
import { Spinner } from '#app/ui/spinner'
import { MAX_PRODUCT_IMAGES } from '#contract/catalogue'

import { type ImageDraft, newKey } from '../product-draft'

const grid = css({ display: 'grid', gridTemplateColumns: { base: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' }, gap: '2' })
const tile = css({
  position: 'relative',
  aspectRatio: '1',
  borderRadius: 'control',
  overflow: 'hidden',
  bg: 'bg.muted',
  '& img': { w: 'full', h: 'full', objectFit: 'cover' },
})
const remove = css({ position: 'absolute', top: '1', right: '1', bg: 'bg.surface/90', borderRadius: 'full' })
const addTile = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1',
  aspectRatio: '1',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  borderRadius: 'control',
  color: 'fg.muted',
  textStyle: 'caption',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.focusRing', outlineOffset: '2px' },
})
const busyTile = css({ display: 'grid', placeItems: 'center', aspectRatio: '1', borderRadius: 'control', bg: 'bg.muted' })
const errorText = css({ display: 'flex', alignItems: 'flex-start', gap: '1.5', textStyle: 'body.sm', color: 'danger.fg' })
const helper = css({ textStyle: 'body.sm', color: 'fg.muted' })

/**
 * Up to five product pictures with previews. New photos are shrunk here (images.ts) before they are shown or
 * sent; previews are object URLs, released when an image is removed or the form goes away.
 */
export function ImagePicker({ images, onChange }: { images: ImageDraft[]; onChange: (images: ImageDraft[]) => void }) {
  const [preparing, setPreparing] = useState(0)
  const [errors, setErrors] = useState<string[]>([])
  const latest = useRef(images)
  latest.current = images
  const urls = useRef(new Set<string>())
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), [])

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    const room = MAX_PRODUCT_IMAGES - latest.current.length
    const taken = files.slice(0, Math.max(0, room))
    const problems = files.length > taken.length ? [`At most ${MAX_PRODUCT_IMAGES} images: ${files.length - taken.length} not added.`] : []
    setPreparing(taken.length)
    const added: ImageDraft[] = []
    for (const file of taken) {
      try {
        const prepared = await prepareImage(file)
        const url = URL.createObjectURL(prepared)
        urls.current.add(url)
        added.push({ key: newKey(), url, file: prepared })
      } catch (error) {
        problems.push(`${file.name}: ${error instanceof ImageRejected ? error.message : 'Could not read this image.'}`)
      }
    }
    setPreparing(0)
    setErrors(problems)
    if (added.length) onChange([...latest.current, ...added])
  }

  function removeImage(image: ImageDraft) {
    if (image.file) {
      URL.revokeObjectURL(image.url)
      urls.current.delete(image.url)
    }
    onChange(images.filter((i) => i.key !== image.key))
  }

  const full = images.length + preparing >= MAX_PRODUCT_IMAGES
  return (
    <div className={stack({ gap: '2' })}>
      <ul className={grid} aria-label="Images">
        {images.map((image, i) => (
          <li key={image.key} className={tile}>
            <img src={image.url} alt={`Image ${i + 1}`} />
            <span className={remove}>
              <IconButton label={`Remove image ${i + 1}`} icon="close" size="sm" onClick={() => removeImage(image)} />
            </span>
          </li>
        ))}
        {Array.from({ length: preparing }, (_, i) => (
          <li key={`preparing-${i}`} className={busyTile}>
            <Spinner label="Preparing image" />
          </li>
        ))}
        {full ? null : (
          <li>
            <label className={addTile}>
              <Icon name="plus" size={22} />
              Add images
              <input
                type="file"
                accept={IMAGE_ACCEPT}
                multiple
                className={visuallyHidden()}
                onChange={(event) => void pick(event)}
                disabled={preparing > 0}
              />
            </label>
          </li>
        )}
      </ul>
      <p className={helper}>Up to {MAX_PRODUCT_IMAGES} JPEG, PNG or WebP images. Large photos are made smaller before upload.</p>
      {errors.map((message) => (
        <p key={message} className={errorText} role="alert">
          <Icon name="alert-circle" size={16} />
          {message}
        </p>
      ))}
    </div>
  )
}
