import { type ComponentType, useState } from 'react'

/**
 * Decision 122: a dialog's root that draws nothing until its `open` is first true. Ark's Dialog.Root starts a state
 * machine with its effects even while closed (lazyMount only holds back the content), and the signed-in shell alone
 * holds four dialogs nobody opened (the menu, the sign-out confirmation, the outbox, the welcome): their machines were
 * part of the first screen's commit. Once opened it stays mounted, so a closing animation plays out as before. An
 * uncontrolled root (no `open`) mounts at once.
 */
export function mountedOnceOpen<P extends { open?: boolean | undefined }>(Root: ComponentType<P>): ComponentType<P> {
  function MountedOnceOpen(props: P) {
    const [opened, setOpened] = useState(props.open !== false)
    // Set during render, not in an effect: the dialog mounts in the same commit that opens it.
    if (props.open && !opened) setOpened(true)
    return opened ? <Root {...props} /> : null
  }
  return MountedOnceOpen
}
