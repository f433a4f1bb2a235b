/*
 * A product's handle: its key in a catalogue CSV (decision 177). An import stores the handle its file gave; a product
 * made on the form has none until then, and both the export and the import derive the same one for it from its
 * name, here: so an exported file read back finds every product it came from.
 */

export const MAX_HANDLE = 100

/** 'Jollof Rice (Party)' → 'jollof-rice-party'; '' when nothing of the name is a letter or digit. */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_HANDLE)
    .replace(/-+$/, '')
}

/** A handle as an import reads it: trimmed, lower case (Shopify's are). */
export const normaliseHandle = (text: string) => text.trim().toLowerCase()

interface Handled {
  id: string
  name: string
  handle: string | null
}

/**
 * Every product's handle: its own, or for one without, the slug of its name made unique among all the vendor's
 * handles by '-2', '-3'… in the order the products were made (`products` must come oldest first), so the oldest
 * keeps the plain slug and the answer is the same each time it is asked.
 */
export function handlesOf(products: readonly Handled[]): Map<string, string> {
  const taken = new Set(products.flatMap((p) => (p.handle ? [p.handle] : [])))
  const handles = new Map<string, string>()
  for (const product of products) {
    if (product.handle) {
      handles.set(product.id, product.handle)
      continue
    }
    const base = slugOf(product.name) || 'product'
    let handle = base
    for (let n = 2; taken.has(handle); n++) handle = `${base}-${n}`
    taken.add(handle)
    handles.set(product.id, handle)
  }
  return handles
}
