import { css } from 'styled-system/css'
import { useRegisterSW } from 'virtual:pwa-register/react'

import { Button } from '#app/ui/button'

/** A new version waits until the user says so: reloading under a half-filled form would lose their work. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW()
  if (!needRefresh) return null
  return (
    <div
      role="status"
      className={css({
        position: 'fixed',
        insetX: '4',
        bottom: '4',
        zIndex: 'toast',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '3',
        p: '3',
        borderRadius: 'control',
        bg: 'gray.900',
        color: 'white',
        boxShadow: 'overlay',
        md: { left: 'auto', width: '380px' },
      })}
    >
      <span>A new version is available.</span>
      <div className={css({ display: 'flex', gap: '2' })}>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
      </div>
    </div>
  )
}
