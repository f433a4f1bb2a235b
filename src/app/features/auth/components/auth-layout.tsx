import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

/** The frame of the signed-out pages: logo, title, a card with the form. */
export function AuthLayout({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <main className={css({ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: '4', py: '8', bg: 'bg.canvas' })}>
      <div className={stack({ width: 'full', maxWidth: '420px', gap: '6' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span className={css({ fontWeight: 'bold', fontSize: 'lg', color: 'fg.default' })}>Vendor</span>
        </div>
        <div className={stack({ gap: '1' })}>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', color: 'fg.default' })}>{title}</h1>
          {description && <p className={css({ color: 'fg.muted' })}>{description}</p>}
        </div>
        {children}
      </div>
    </main>
  )
}
