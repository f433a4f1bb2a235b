import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { Field, Input, Select, Textarea } from '#app/ui/field'
import { Switch } from '#app/ui/switch'
import { MAX_PRODUCT_NAME, type Product, PRODUCT_CATEGORIES } from '#contract/catalogue'

import { createBody, draftErrors, draftFromProduct, emptyDraft, type ProductDraft, syncVariants, updateBody } from '../product-draft'
import { allCollectionsQuery, useCreateProduct, useUpdateProduct } from '../queries'
import { ImagePicker } from './image-picker'
import { OptionsEditor } from './options-editor'
import { VariantsEditor } from './variants-editor'

const form = stack({ gap: '4' })
const fields = stack({ gap: '4' })
const pair = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '4' })
const actions = css({ display: 'flex', gap: '3', '& > *': { flex: '1' }, sm: { justifyContent: 'flex-end', '& > *': { flex: 'initial' } } })

export interface ProductFormProps {
  /** The product being edited; absent when adding one. */
  product?: Product
  /** Called with the saved product (the page goes to it). */
  onSaved: (product: Product) => void
  onCancel: () => void
}

/**
 * Add or edit a product: details, images, options and the variants they make. The draft lives in component state
 * (docs/decisions/030): variants derive from options, and images are files being prepared.
 */
export function ProductForm({ product, onSaved, onCancel }: ProductFormProps) {
  const collections = useQuery(allCollectionsQuery())
  const create = useCreateProduct()
  const update = useUpdateProduct()
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? draftFromProduct(product) : emptyDraft()))
  const [attempts, setAttempts] = useState(0)
  const errors = attempts > 0 ? draftErrors(draft) : null
  const formRef = useRef<HTMLFormElement>(null)
  const set = (patch: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...patch }))

  // After a refused submit, the first field in error takes focus (and scrolls into view), so a phone user sees why.
  useEffect(() => {
    if (attempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus()
  }, [attempts])

  function submit(event: FormEvent) {
    event.preventDefault()
    setAttempts((n) => n + 1)
    if (draftErrors(draft)) return
    const done = { onSuccess: ({ data }: { data: Product }) => onSaved(data) }
    if (!product) return create.mutate(createBody(draft), done)
    const body = updateBody(draft, product)
    if (Object.keys(body).length === 1) return onSaved(product)
    update.mutate(body, done)
  }

  return (
    <form ref={formRef} className={form} noValidate onSubmit={submit}>
      <Card title="Details">
        <div className={fields}>
          <Field label="Name" error={errors?.name} required>
            <Input
              value={draft.name}
              maxLength={MAX_PRODUCT_NAME}
              autoComplete="off"
              onChange={(event) => set({ name: event.target.value })}
            />
          </Field>
          <Field label="Description" error={errors?.description}>
            <Textarea value={draft.description} rows={3} onChange={(event) => set({ description: event.target.value })} />
          </Field>
          <div className={pair}>
            <Field label="Category">
              <Select value={draft.categoryId} onChange={(event) => set({ categoryId: event.target.value })}>
                <option value="">No category</option>
                {PRODUCT_CATEGORIES.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Collection" helper={collections.isError ? 'Could not load your collections.' : undefined}>
              <Select value={draft.collectionId} onChange={(event) => set({ collectionId: event.target.value })}>
                <option value="">No collection</option>
                {collections.data?.items.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Switch
            label="Published"
            description="Customers can see and buy a published product."
            checked={draft.isPublished}
            onChange={(isPublished) => set({ isPublished })}
          />
        </div>
      </Card>
      <Card title="Images">
        <ImagePicker images={draft.images} onChange={(images) => set({ images })} />
      </Card>
      <Card title="Options">
        <OptionsEditor
          options={draft.options}
          errors={errors?.options ?? {}}
          onChange={(options) => setDraft((d) => ({ ...d, options, variants: syncVariants(options, d.variants) }))}
        />
      </Card>
      <Card title={draft.variants.length > 1 ? `Variants (${draft.variants.length})` : 'Price and stock'}>
        <VariantsEditor
          variants={draft.variants}
          errors={errors?.variants ?? {}}
          onChange={(variants) => set({ variants })}
          codes={!product}
        />
      </Card>
      <div className={actions}>
        <Button variant="outline" size="lg" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="lg" loading={create.isPending || update.isPending}>
          {product ? 'Save changes' : 'Add product'}
        </Button>
      </div>
    </form>
  )
}
