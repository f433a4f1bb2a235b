import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

import { Badge } from '#app/ui/badge'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { DetailList, DetailRow } from '#app/ui/detail-list'
import { ConfirmDialog } from '#app/ui/dialog'
import { Icon } from '#app/ui/icon'
import { type Product, PRODUCT_CATEGORIES } from '#contract/catalogue'

import { useDeleteProduct } from '../queries'
import { priceRange } from './product-row'

const actions = css({ display: 'flex', gap: '2' })
const editLink = cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none' }))
const description = css({ whiteSpace: 'pre-line', color: 'fg.default', textStyle: 'body.sm' })

export const categoryName = (id: string | null) => PRODUCT_CATEGORIES.find((c) => c.id === id)?.name ?? null

/** The product's own fields, with Edit and Delete (a soft delete: orders that hold it keep it). */
export function ProductDetailsSection({ product }: { product: Product }) {
  const navigate = useNavigate()
  const remove = useDeleteProduct(() => navigate({ to: '/products', replace: true }))
  const [confirming, setConfirming] = useState(false)

  return (
    <Card
      title="Details"
      action={
        <div className={actions}>
          <Link to="/products/$productId/edit" params={{ productId: product.id }} className={editLink}>
            <Icon name="edit" size={16} />
            Edit
          </Link>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Icon name="trash" size={16} />
            Delete
          </Button>
        </div>
      }
    >
      <DetailList>
        <DetailRow label="Status">
          <Badge tone={product.isPublished ? 'success' : 'neutral'}>{product.isPublished ? 'Published' : 'Draft'}</Badge>
        </DetailRow>
        <DetailRow label="Price">{priceRange(product.minPrice, product.maxPrice)}</DetailRow>
        <DetailRow label="Units in stock">
          {product.totalUnits.toLocaleString('en-NG')}
          {product.lowStockCount > 0 ? <Badge tone="warning">Low stock</Badge> : null}
        </DetailRow>
        <DetailRow label="Category">{categoryName(product.categoryId)}</DetailRow>
        <DetailRow label="Collection">{product.collection?.name}</DetailRow>
      </DetailList>
      {product.description ? <p className={description}>{product.description}</p> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this product?"
        description="Customers can no longer buy it and its payment links stop working. Orders that hold it keep it."
        loading={remove.isPending}
        onProceed={() => remove.mutate(product.id, { onSettled: () => setConfirming(false) })}
      />
    </Card>
  )
}
