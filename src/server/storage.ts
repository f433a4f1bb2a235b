import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/*
 * Uploaded files (product images, QR codes, shop logos, KYC documents). Keys are random and never reused, so a
 * file's URL can be cached forever and cannot be guessed from another one. The key carries the file's type as its
 * extension, so no store needs metadata beside the bytes; the key format is checked before any store touches it,
 * so a key can never name a path outside the store. A private file (KYC) gets a `private-` key, which the public
 * /api/files route refuses: the key alone says whether a file may be served to anyone. Which store a server uses:
 * storageFor in database-storage.ts (PostgreSQL keeps the bytes itself, so every API process sees every file).
 */

export const STORED_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const
export type StoredType = keyof typeof STORED_TYPES
export type ImageType = Exclude<StoredType, 'application/pdf'>

export interface PutOptions {
  /** Not served by the public /api/files route (identity documents). */
  private?: boolean
}

export interface StoredFile {
  data: Uint8Array
  contentType: StoredType
}

export interface Storage {
  /** Keeps the bytes under a new random key and answers the key. */
  put(data: Uint8Array, contentType: StoredType, options?: PutOptions): Promise<string>
  /** null when there is no such file (or the key is not one of ours). */
  get(key: string): Promise<StoredFile | null>
  /** Removing a file that is already gone is not an error. */
  delete(key: string): Promise<void>
}

const KEY = /^(private-)?[A-Za-z0-9_-]{22}\.(jpg|png|webp|pdf)$/
const PUBLIC_KEY = /^[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/
const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(STORED_TYPES).map(([type, ext]) => [ext, type])) as Record<string, StoredType>

export const isStorageKey = (key: string): boolean => KEY.test(key)
/** A key the public files route may serve: an image that was not stored privately. */
export const isPublicStorageKey = (key: string): boolean => PUBLIC_KEY.test(key)

/** A fresh random key for a file of this type (every store uses the same keys, so files can move between them). */
export function newStorageKey(contentType: StoredType, options: PutOptions = {}): string {
  return `${options.private ? 'private-' : ''}${randomBytes(16).toString('base64url')}.${STORED_TYPES[contentType]}`
}

/** The type a key's extension names; only for keys that passed isStorageKey. */
export function typeOfStorageKey(key: string): StoredType {
  return TYPE_OF_EXTENSION[key.slice(key.lastIndexOf('.') + 1)]!
}

/** Tests and `dataDir: 'memory'`: gone when the process ends. */
export class MemoryStorage implements Storage {
  private readonly files = new Map<string, Uint8Array>()

  async put(data: Uint8Array, contentType: StoredType, options?: PutOptions): Promise<string> {
    const key = newStorageKey(contentType, options)
    this.files.set(key, new Uint8Array(data))
    return key
  }

  async get(key: string): Promise<StoredFile | null> {
    const data = isStorageKey(key) ? this.files.get(key) : undefined
    return data ? { data, contentType: typeOfStorageKey(key) } : null
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key)
  }

  /** How many files are kept, for tests that check clean-up. */
  get size(): number {
    return this.files.size
  }
}

/**
 * DATA_DIR/uploads: one machine's disk, so for a single process (PGlite's default). Writes go to a temporary name
 * first, so a reader never sees half a file.
 */
export class DiskStorage implements Storage {
  private ready: Promise<unknown> | undefined

  constructor(private readonly dir: string) {}

  async put(data: Uint8Array, contentType: StoredType, options?: PutOptions): Promise<string> {
    await (this.ready ??= mkdir(this.dir, { recursive: true }))
    const key = newStorageKey(contentType, options)
    const temporary = join(this.dir, `.${key}.${process.pid}.tmp`)
    await writeFile(temporary, data)
    await rename(temporary, join(this.dir, key))
    return key
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null
    try {
      return { data: new Uint8Array(await readFile(join(this.dir, key))), contentType: typeOfStorageKey(key) }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return
    try {
      await unlink(join(this.dir, key))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
}

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte)

/**
 * The image type the bytes really are, from their first bytes, or null. A declared Content-Type is whatever the
 * client says; this is what gets stored and served.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

/** An image type as sniffImageType sees it, or a PDF (which starts with %PDF-): what a KYC document may be. */
export function sniffDocumentType(bytes: Uint8Array): StoredType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'
  return sniffImageType(bytes)
}
