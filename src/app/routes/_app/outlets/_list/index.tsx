import { createFileRoute } from '@tanstack/react-router'

// /outlets itself: the list is drawn by the `_list` layout; nothing opens over it.
export const Route = createFileRoute('/_app/outlets/_list/')({
  component: () => null,
})
