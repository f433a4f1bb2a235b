import { validationError } from '../http/register'
import { sniffImageType, type Storage, type StoredType } from '../storage'

export interface Upload {
  key: string
  contentType: StoredType
}

/**
 * Checks every image's first bytes, then stores them all: a file whose declared type lies is refused (422 naming
 * it) before anything is kept. The sniffed type is what gets stored and served, whatever the client declared.
 */
export async function storeImages(storage: Storage, files: File[] | undefined, path = 'images'): Promise<Upload[]> {
  const checked: { data: Uint8Array; contentType: StoredType }[] = []
  for (const [i, file] of (files ?? []).entries()) {
    const data = new Uint8Array(await file.arrayBuffer())
    const contentType = sniffImageType(data)
    if (!contentType) throw validationError([{ path: `${path}.${i}`, message: 'must be a JPEG, PNG or WebP image' }])
    checked.push({ data, contentType })
  }
  const uploads: Upload[] = []
  try {
    for (const { data, contentType } of checked) uploads.push({ key: await storage.put(data, contentType), contentType })
  } catch (error) {
    await Promise.all(uploads.map((upload) => storage.delete(upload.key)))
    throw error
  }
  return uploads
}
