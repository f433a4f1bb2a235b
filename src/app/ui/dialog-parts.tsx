import { type ComponentType, useEffect, useState } from 'react'

import type * as DialogMachine from './dialog-machine'
import { mountedOnceOpen } from './mounted-once-open'

/*
 * Decision 124: the dialog and sheet parts, drawn by code that loads when it is first needed (ui/dialog-machine.tsx).
 * A root draws nothing until that code is in (a frame or two from the service worker's precache; the shell loads it
 * at idle, so usually it is in already), then the dialog as before. Every other part is drawn inside a root, so it
 * reads the loaded code at once. Decision 122 holds: a root draws nothing until its `open` is first true, so a
 * dialog nobody opens never asks for the code.
 */

type Machine = typeof DialogMachine

let loaded: Machine | undefined
let loading: Promise<Machine> | undefined

/** Loads the dialog code once; a failed load (offline before the service worker had it) is tried again next time. */
export function loadDialogMachine(): Promise<Machine> {
  loading ??= import('./dialog-machine').then(
    (machine) => (loaded = machine),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

function part<P extends object>(pick: (machine: Machine) => ComponentType<P>): ComponentType<P> {
  function DeferredPart(props: P) {
    if (!loaded) throw new Error('A dialog part was drawn outside its root')
    const Part = pick(loaded)
    return <Part {...props} />
  }
  return DeferredPart
}

/**
 * Not Suspense: a root that suspended while the test renderer's act() scope was open was never tried again (React
 * 19), and a state update is as quick. A load that fails is thrown to the route's error boundary: a dialog that
 * cannot open must say so rather than leave a tap unanswered.
 */
function root<P extends { open?: boolean | undefined }>(pick: (machine: Machine) => ComponentType<P>): ComponentType<P> {
  function DeferredRoot(props: P) {
    const [machine, setMachine] = useState<Machine | Error | undefined>(loaded)
    useEffect(() => {
      if (machine) return
      let current = true
      loadDialogMachine().then(
        (loadedMachine) => current && setMachine(loadedMachine),
        (error: unknown) => current && setMachine(error instanceof Error ? error : new Error(String(error))),
      )
      return () => {
        current = false
      }
    }, [machine])
    if (machine instanceof Error) throw machine
    if (!machine) return null
    const Root = pick(machine)
    return <Root {...props} />
  }
  return mountedOnceOpen(DeferredRoot)
}

/** The dialog recipe's parts (ui/dialog.tsx, the PIN dialog, the customer picker). */
export const dialogParts = {
  Root: root((m) => m.dialogParts.Root),
  Backdrop: part((m) => m.dialogParts.Backdrop),
  Positioner: part((m) => m.dialogParts.Positioner),
  Content: part((m) => m.dialogParts.Content),
  Title: part((m) => m.dialogParts.Title),
  Description: part((m) => m.dialogParts.Description),
  IconSlot: part((m) => m.dialogParts.IconSlot),
  Footer: part((m) => m.dialogParts.Footer),
}

/** The sheet recipe's parts (ui/sheet.tsx). */
export const sheetParts = {
  Root: root((m) => m.sheetParts.Root),
  Backdrop: part((m) => m.sheetParts.Backdrop),
  Positioner: part((m) => m.sheetParts.Positioner),
  Content: part((m) => m.sheetParts.Content),
  Title: part((m) => m.sheetParts.Title),
  Description: part((m) => m.sheetParts.Description),
  CloseTrigger: part((m) => m.sheetParts.CloseTrigger),
  Handle: part((m) => m.sheetParts.Handle),
  Header: part((m) => m.sheetParts.Header),
  Body: part((m) => m.sheetParts.Body),
  Footer: part((m) => m.sheetParts.Footer),
}
