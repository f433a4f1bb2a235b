import http from 'node:http'
import https from 'node:https'

import { and, count, eq } from 'drizzle-orm'

import { MAX_PRODUCT_IMAGES } from '#contract/catalogue'
import { MAX_IMAGE_BYTES } from '#contract/images'

import { productImages, products } from '../db/schema'
import type { AppDeps } from '../deps'
import { GiveUp } from '../jobs'
import { sniffImageType } from '../storage'
import { hostOf, publicAddressesOf, UnsafeAddress } from '../webhooks/address-guard'
import { checkedLookup, within } from '../webhooks/send'
import { liveProduct } from './product-list'

/*
 * An imported product's image, fetched by URL after the import committed (decision 177): the `fetch-product-image`
 * job. The URL is a stranger's text, so the outgoing webhooks' address guard (decision 169) judges its host, and the
 * socket connects only to an address it accepted (a name that turns private later is refused too). No redirect is
 * followed, at most MAX_IMAGE_BYTES are read, and only what sniffs as a JPEG, PNG or WebP is kept.
 */

declare module '../jobs/queue' {
  interface JobPayloads {
    /** Fetch an imported product's image from its URL (decision 177). */
    'fetch-product-image': { vendorId: string; productId: string; url: string; position: number }
  }
}

export const IMAGE_FETCH_TIMEOUT_MS = 15_000

export interface ImageFetchOptions {
  /** Tests only: a server on 127.0.0.1 stands in for the internet. Never set by the app. */
  allowPrivateAddresses?: boolean
  timeoutMs?: number
}

/** The image's bytes, or an Error saying why not (a GiveUp when trying again cannot help). */
async function download(target: URL, options: ImageFetchOptions): Promise<Uint8Array> {
  const timeoutMs = options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS
  const guarded = !options.allowPrivateAddresses
  if (guarded) {
    try {
      // An address literal never reaches the socket's lookup: it is judged here.
      await within(publicAddressesOf(hostOf(target)), timeoutMs, `No address for ${hostOf(target)}`)
    } catch (error) {
      if (error instanceof UnsafeAddress) throw new GiveUp(`Refused: ${error.message}`)
      throw error
    }
  }
  const client = target.protocol === 'https:' ? https : http
  return new Promise<Uint8Array>((resolve, reject) => {
    const request = client.get(target, {
      headers: { accept: 'image/jpeg, image/png, image/webp', 'user-agent': 'vendor-backoffice-images/1' },
      ...(guarded ? { lookup: checkedLookup(hostOf(target)) } : {}),
      agent: false,
      timeout: timeoutMs,
    })
    const timer = setTimeout(() => request.destroy(new Error(`No image within ${timeoutMs / 1000} s`)), timeoutMs)
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error instanceof UnsafeAddress ? new GiveUp(`Refused: ${error.message}`) : error)
    })
    request.on('response', (response) => {
      const status = response.statusCode ?? 0
      if (status < 200 || status >= 300) {
        response.destroy()
        clearTimeout(timer)
        // A 4xx (gone, forbidden) or a redirect will answer the same next time; a 5xx may not.
        const reason = `The image URL answered ${status}`
        reject(status >= 500 ? new Error(reason) : new GiveUp(reason))
        return
      }
      const pieces: Buffer[] = []
      let size = 0
      response.on('data', (piece: Buffer) => {
        size += piece.length
        if (size > MAX_IMAGE_BYTES) {
          response.destroy()
          clearTimeout(timer)
          reject(new GiveUp(`The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`))
          return
        }
        pieces.push(piece)
      })
      response.on('end', () => {
        clearTimeout(timer)
        resolve(new Uint8Array(Buffer.concat(pieces)))
      })
      response.on('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
    })
  })
}

type Payload = { vendorId: string; productId: string; url: string; position: number }

/** The job: the image is added to the product unless it is gone or already has MAX_PRODUCT_IMAGES. */
export async function fetchProductImageJob(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  payload: Payload,
  options: ImageFetchOptions = {},
): Promise<void> {
  const target = new URL(payload.url)
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new GiveUp('Refused: only http(s) image URLs are fetched')
  const bytes = await download(target, options)
  const contentType = sniffImageType(bytes)
  if (!contentType) throw new GiveUp('The URL did not answer a JPEG, PNG or WebP image')
  const key = await deps.storage.put(bytes, contentType)
  try {
    await deps.db.transaction(async (tx) => {
      // The product row's lock makes two images of one product count in turn.
      const [owner] = await tx
        .select({ id: products.id })
        .from(products)
        .where(liveProduct(payload.vendorId, payload.productId))
        .for('update')
      if (!owner) throw new GiveUp('The product was deleted')
      const [held] = await tx
        .select({ n: count() })
        .from(productImages)
        .where(and(eq(productImages.vendorId, payload.vendorId), eq(productImages.productId, payload.productId)))
      if (held!.n >= MAX_PRODUCT_IMAGES) throw new GiveUp(`The product already has ${MAX_PRODUCT_IMAGES} images`)
      await tx.insert(productImages).values({
        vendorId: payload.vendorId,
        productId: payload.productId,
        storageKey: key,
        contentType,
        position: payload.position,
      })
    })
  } catch (error) {
    await deps.storage.delete(key)
    throw error
  }
}
