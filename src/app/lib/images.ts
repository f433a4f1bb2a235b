import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '#contract/images'

/** Longest edge kept: sharp on a phone held close and on a storefront, and a few hundred kB instead of 3–8 MB. */
export const MAX_IMAGE_EDGE = 1600
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',')
export const IMAGE_TYPE_MESSAGE = 'Choose a JPEG, PNG or WebP image.'

export class ImageRejected extends Error {}

const accepted = (type: string) => (IMAGE_TYPES as readonly string[]).includes(type)

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality))
}

/** WebP where the browser can write it (Safari before 17 cannot and hands back a PNG), JPEG otherwise. */
async function compress(canvas: HTMLCanvasElement): Promise<Blob | null> {
  for (const quality of [0.85, 0.7, 0.55]) {
    const webp = await encode(canvas, 'image/webp', quality)
    const blob = webp?.type === 'image/webp' ? webp : await encode(canvas, 'image/jpeg', quality)
    if (blob && blob.size <= MAX_IMAGE_BYTES) return blob
  }
  return null
}

function renamed(name: string, type: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'image'
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`
}

/**
 * A picked photo made fit to upload: a JPEG, PNG or WebP at most 1,600px on its longest edge and under the 2 MB
 * limit. Small images that already fit are sent untouched (a PNG keeps its transparency); anything else is
 * redrawn at the reduced size (createImageBitmap applies the photo's EXIF rotation) and re-encoded. A file the
 * browser cannot decode (HEIC on most desktops, a PDF renamed .jpg) is refused with a message for the field.
 */
export async function prepareImage(file: File): Promise<File> {
  if (!file.type.startsWith('image/')) throw new ImageRejected(IMAGE_TYPE_MESSAGE)
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    throw new ImageRejected(IMAGE_TYPE_MESSAGE)
  }
  try {
    const edge = Math.max(bitmap.width, bitmap.height)
    if (accepted(file.type) && file.size <= MAX_IMAGE_BYTES && edge <= MAX_IMAGE_EDGE) return file
    const scale = Math.min(1, MAX_IMAGE_EDGE / edge)
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(bitmap.width * scale))
    canvas.height = Math.max(1, Math.round(bitmap.height * scale))
    const context = canvas.getContext('2d')
    if (!context) throw new ImageRejected('This browser could not prepare the image. Try another one.')
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    const blob = await compress(canvas)
    if (!blob) throw new ImageRejected('This image is too detailed to fit in 2 MB. Try another one.')
    return new File([blob], renamed(file.name, blob.type), { type: blob.type })
  } finally {
    bitmap.close()
  }
}
