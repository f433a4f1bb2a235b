import { readFile } from 'node:fs/promises'

import type { ProductOption } from '#contract/catalogue'

import { createCollection } from '../catalogue/collections'
import type { CatalogueDeps } from '../catalogue/commit'
import { generatePayLink } from '../catalogue/paylinks'
import { createProduct } from '../catalogue/products'
import { setStockAlert, updateVariant } from '../catalogue/variants'
import type { Db } from '../db/client'
import type { Storage } from '../storage'

/*
 * The demo vendor's menu, made through the same functions the API uses: four collections, eight dishes (two not
 * yet published), variants from options, one variant under its stock alert, one with a discount, and a pay link for
 * every published variant in stock.
 * Prices in kobo. Pictures are committed WebP files (scripts/make-seed-images.ts), stored like uploads.
 */

interface SeedProduct {
  name: string
  description: string
  collection: string
  picture?: string
  isPublished?: boolean
  options?: ProductOption[]
  /** [price, units] per combination of the options, in the order the options list them. */
  variants: [number, number][]
}

const COLLECTIONS = [
  { name: 'Rice dishes', description: 'Party-style rice, cooked on firewood every morning' },
  { name: 'Soups and swallow', description: 'Soups with your choice of swallow' },
  { name: 'Drinks', description: 'Chilled, made in our kitchen' },
  { name: 'Small chops', description: 'For parties and the office' },
]

const size = (...values: string[]): ProductOption => ({ name: 'Size', values })

/** In the order the list shows them (newest first). */
const MENU: SeedProduct[] = [
  {
    name: 'Jollof rice',
    description: 'Smoky party jollof with fried plantain and coleslaw.',
    collection: 'Rice dishes',
    picture: 'jollof-rice',
    options: [size('Regular', 'Large'), { name: 'Protein', values: ['Chicken', 'Beef', 'Turkey'] }],
    variants: [
      [3_500_00, 25],
      [3_200_00, 30],
      [4_000_00, 15],
      [5_000_00, 20],
      [4_700_00, 18],
      [5_500_00, 12],
    ],
  },
  {
    name: 'Fried rice',
    description: 'With liver, prawns and mixed vegetables.',
    collection: 'Rice dishes',
    picture: 'fried-rice',
    options: [size('Regular', 'Large')],
    variants: [
      [3_500_00, 20],
      [5_000_00, 15],
    ],
  },
  {
    name: 'Zobo drink',
    description: 'Hibiscus with ginger and pineapple, no added colour.',
    collection: 'Drinks',
    picture: 'zobo',
    options: [size('50cl', '1 litre')],
    variants: [
      [800_00, 40],
      [1_500_00, 20],
    ],
  },
  {
    name: 'Chapman',
    description: 'Fanta, Sprite, grenadine, cucumber and a slice of orange.',
    collection: 'Drinks',
    picture: 'chapman',
    variants: [[1_500_00, 4]],
  },
  {
    name: 'Egusi soup',
    description: 'Melon seed soup with assorted meat and stockfish.',
    collection: 'Soups and swallow',
    picture: 'egusi-soup',
    options: [{ name: 'Swallow', values: ['Pounded yam', 'Eba', 'Amala'] }],
    variants: [
      [4_000_00, 12],
      [3_500_00, 15],
      [3_500_00, 10],
    ],
  },
  {
    name: 'Puff-puff',
    description: 'Fresh and warm, dusted with sugar on request.',
    collection: 'Small chops',
    picture: 'puff-puff',
    options: [{ name: 'Pack', values: ['10 pieces', '20 pieces'] }],
    variants: [
      [1_000_00, 30],
      [1_800_00, 25],
    ],
  },
  {
    name: 'Goat meat pepper soup',
    description: 'Hot and peppery, with uziza. Back on the menu in December.',
    collection: 'Soups and swallow',
    isPublished: false,
    options: [size('Bowl', '2 litres')],
    variants: [
      [3_000_00, 8],
      [15_000_00, 3],
    ],
  },
  {
    name: 'Ofada rice and ayamase',
    description: 'Local rice with green pepper stew. Weekends only.',
    collection: 'Rice dishes',
    isPublished: false,
    variants: [[4_500_00, 10]],
  },
]

/** Every combination of the options' values, first option slowest: Regular/Chicken, Regular/Beef, … */
function combinations(options: ProductOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value }))),
    [{}],
  )
}

async function picture(name: string): Promise<File> {
  const bytes = await readFile(new URL(`./images/${name}.webp`, import.meta.url))
  return new File([bytes], `${name}.webp`, { type: 'image/webp' })
}

export interface SeedCatalogueOptions {
  vendorId: string
  storage: Storage
  /** Origin the demo pay link's QR code points at. */
  origin: string
}

export async function seedCatalogue(db: Db, { vendorId, storage, origin }: SeedCatalogueOptions): Promise<void> {
  // The seed's stock alert is old news: the demo starts as if its e-mail had already gone out.
  const deps: CatalogueDeps = { db, storage, notifier: { send: async () => {} }, logger: console }
  const collectionIds = new Map<string, string>()
  for (const collection of COLLECTIONS) {
    collectionIds.set(collection.name, (await createCollection(db, vendorId, collection)).id)
  }
  const made = new Map<string, Awaited<ReturnType<typeof createProduct>>>()
  for (const item of [...MENU].reverse()) {
    const options = item.options ?? []
    const product = await createProduct(
      deps,
      vendorId,
      {
        name: item.name,
        description: item.description,
        collectionId: collectionIds.get(item.collection)!,
        categoryId: 'food-and-drinks',
        isPublished: item.isPublished ?? true,
        options,
        variants: combinations(options).map((combo, i) => ({
          options: combo,
          price: item.variants[i]![0],
          availableUnits: item.variants[i]![1],
        })),
        images: item.picture ? [await picture(item.picture)] : [],
      },
      origin,
      // The owner's units: the main store.
      null,
    )
    made.set(item.name, product)
  }

  const chapman = made.get('Chapman')!.variants[0]!
  await setStockAlert(deps, vendorId, { productId: chapman.productId, productVariantId: chapman.id, threshold: 5 }, origin)
  const largeTurkey = made.get('Jollof rice')!.variants.at(-1)!
  await setStockAlert(deps, vendorId, { productId: largeTurkey.productId, productVariantId: largeTurkey.id, threshold: 5 }, origin)
  const zoboLitre = made.get('Zobo drink')!.variants[1]!
  await updateVariant(deps, vendorId, { id: zoboLitre.id, discountType: 'PERCENTAGE', discount: 10 }, origin, null)
  await generatePayLink(deps, vendorId, zoboLitre.id, origin)
  // Every other dish on sale gets its pay link too, so the demo storefront can sell what it shows.
  for (const item of MENU) {
    if (item.isPublished === false) continue
    for (const variant of made.get(item.name)!.variants) {
      if (variant.id !== zoboLitre.id && variant.availableUnits > 0) await generatePayLink(deps, vendorId, variant.id, origin)
    }
  }
}
