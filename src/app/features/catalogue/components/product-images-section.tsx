import { css } from 'styled-system/css'

import { Card } from '#app/ui/card'
import type { Product } from '#contract/catalogue'

const grid = css({ display: 'grid', gridTemplateColumns: { base: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' }, gap: '2' })
const tile = css({
  display: 'block',
  aspectRatio: '1',
  borderRadius: 'control',
  overflow: 'hidden',
  bg: 'bg.muted',
  '& img': { w: 'full', h: 'full', objectFit: 'cover' },
})
const empty = css({ textStyle: 'body.sm', color: 'fg.muted' })

/** The product's pictures, each opening full size; they are changed in the product form. */
export function ProductImagesSection({ product }: { product: Product }) {
  return (
    <Card title="Images">
      {product.images.length ? (
        <ul className={grid} aria-label="Product images">
          {product.images.map((image, i) => (
            <li key={image.id}>
              <a href={image.url} target="_blank" rel="noreferrer" className={tile}>
                <img src={image.url} alt={`${product.name}, image ${i + 1} of ${product.images.length}`} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className={empty}>No images yet. Products with a picture sell better: add one with Edit.</p>
      )}
    </Card>
  )
}
