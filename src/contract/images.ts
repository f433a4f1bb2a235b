import * as v from 'valibot'

/*
 * Uploaded images: product photos, shop logos. Apart from the catalogue so that the onboarding and website contracts,
 * which take a logo, do not bring the whole catalogue into the screens that load them (decision 083).
 */

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** Per image. The app shrinks phone photos below this before uploading (they are often 3–8 MB). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024

/** The declared type is checked here; the server also checks the file's first bytes (a declared type can lie). */
export const imageFile = v.pipe(
  v.file('must be a file'),
  v.mimeType(IMAGE_TYPES, 'must be a JPEG, PNG or WebP image'),
  v.maxSize(MAX_IMAGE_BYTES, 'must be at most 2 MB'),
)
