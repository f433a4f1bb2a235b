import { useState } from 'react'

import { formatCount } from '#app/lib/format'
import { Button } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/dialog'
import type { Collection } from '#contract/catalogue'

import { useDeleteCollection } from '../queries'

/** What deleting does to the products, said before the vendor agrees to it. */
export function deleteCollectionText(productCount: number): string {
  if (productCount === 0) return 'It has no products. This cannot be undone.'
  const verb = productCount === 1 ? 'stays' : 'stay'
  return `Its ${formatCount(productCount, 'product')} ${verb} in your catalogue without a collection. This cannot be undone.`
}

/** Delete collection, in Update Collection, behind a confirmation; `onDeleted` closes the sheet. */
export function DeleteCollectionButton({ collection: c, onDeleted }: { collection: Collection; onDeleted: () => void }) {
  const remove = useDeleteCollection()
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <Button variant="danger" fullWidth onClick={() => setConfirming(true)}>
        Delete collection
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${c.name}?`}
        description={deleteCollectionText(c.productCount)}
        proceedLabel="Delete"
        loading={remove.isPending}
        onProceed={() =>
          remove.mutate(c.id, {
            onSuccess: () => {
              setConfirming(false)
              onDeleted()
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </>
  )
}
