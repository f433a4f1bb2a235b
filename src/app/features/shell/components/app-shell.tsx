import { useQueryClient } from '@tanstack/react-query'
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { afterFirstScreen } from '#app/lib/after-first-screen'
import { useOutbox } from '#app/lib/outbox'
import { menuFor } from '#app/lib/permissions'
import { useSession } from '#app/lib/session'
import { useLogout } from '#app/lib/sign-out'
import { Button } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/dialog'
import { loadDialogMachine } from '#app/ui/dialog-parts'
import { Icon } from '#app/ui/icon'
import { Sheet } from '#app/ui/sheet'

import { OfflineBanner } from './offline-banner'
import { OutboxBar } from './outbox-bar'

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession()
  const items = menuFor(session?.user.permissions ?? [])
  return (
    <nav aria-label="Main">
      <ul className={stack({ gap: '1' })}>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onNavigate}
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '3',
                minHeight: '44px',
                px: '3',
                borderRadius: 'control',
                color: 'fg.muted',
                fontWeight: 'medium',
                _hover: { bg: 'bg.subtle', color: 'fg.default' },
                '&[data-status=active]': { bg: 'accent.subtle', color: 'accent.fg' },
              })}
            >
              <Icon name={item.icon} size={20} />
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** "2 changes have not been sent": signing out wipes the device, the outbox with it, so it asks first. */
function unsentTitle(count: number): string {
  return `${count} ${count === 1 ? 'change has' : 'changes have'} not been sent`
}

function SignOutButton() {
  const logout = useLogout()
  const navigate = useNavigate()
  const unsent = useOutbox().length
  const [asking, setAsking] = useState(false)
  const signOut = () => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) })
  return (
    <>
      <Button variant="ghost" fullWidth loading={logout.isPending} onClick={() => (unsent > 0 ? setAsking(true) : signOut())}>
        <Icon name="logout" size={20} />
        Log out
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={unsentTitle(unsent)}
        description="Signing out deletes them from this device. Stay signed in and they are sent when you are online."
        cancelLabel="Send when online"
        proceedLabel="Discard and sign out"
        loading={logout.isPending}
        onProceed={signOut}
      />
    </>
  )
}

const sidebarName = css({ minW: '0', fontWeight: 'bold', color: 'fg.default', lineHeight: 'tight', overflowWrap: 'anywhere', lineClamp: 2 })

/** Signed-in frame: a sidebar on wide screens, a header with a menu sheet on phones. */
export function AppShell() {
  const session = useSession()
  const [menuOpen, setMenuOpen] = useState(false)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => setMenuOpen(false), [pathname])
  // Decision 124: Ark's dialog code comes after the first screen, so a dialog opened next (the menu, a PIN) has it.
  const queryClient = useQueryClient()
  useEffect(() => afterFirstScreen(queryClient, () => void loadDialogMachine().catch(() => undefined)), [queryClient])
  const vendorName = session?.user.vendor.name ?? ''

  return (
    <div className={css({ minHeight: '100dvh', bg: 'bg.canvas', md: { display: 'grid', gridTemplateColumns: '248px 1fr' } })}>
      <aside
        className={css({
          display: 'none',
          md: { display: 'flex' },
          flexDirection: 'column',
          gap: '6',
          p: '4',
          borderRightWidth: '1px',
          borderColor: 'border.default',
          bg: 'bg.surface',
          position: 'sticky',
          top: 0,
          height: '100dvh',
        })}
      >
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '2' })}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {/* The sidebar is 248 px: a long business name takes two lines and ends in "…", the whole in its title. */}
          <span title={vendorName} className={sidebarName}>
            {vendorName}
          </span>
        </div>
        <div className={css({ flex: 1 })}>
          <NavList />
        </div>
        <SignOutButton />
      </aside>

      <div className={css({ display: 'flex', flexDirection: 'column', minWidth: 0 })}>
        {/* One sticky block: the phone's header, then the offline banner, so the banner never slides under the header. */}
        <div className={css({ position: 'sticky', top: 0, zIndex: 'sticky' })}>
          <header
            className={css({
              md: { display: 'none' },
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: '2',
              px: '4',
              height: '56px',
              bg: 'bg.surface',
              borderBottomWidth: '1px',
              borderColor: 'border.default',
            })}
          >
            <div className={css({ display: 'flex', alignItems: 'center', gap: '2', minWidth: 0 })}>
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span title={vendorName} className={css({ fontWeight: 'bold', color: 'fg.default', truncate: true })}>
                {vendorName}
              </span>
            </div>
            <Button variant="ghost" size="sm" aria-label="Open menu" onClick={() => setMenuOpen(true)}>
              <Icon name="menu" size={22} />
            </Button>
          </header>
          <OfflineBanner />
        </div>
        <OutboxBar />
        <main className={css({ flex: 1, width: 'full', maxWidth: '1040px', mx: 'auto', px: '4', py: '5', md: { px: '8', py: '8' } })}>
          <Outlet />
        </main>
      </div>

      <Sheet open={menuOpen} onOpenChange={setMenuOpen} title="Menu" footer={<SignOutButton />}>
        <NavList onNavigate={() => setMenuOpen(false)} />
      </Sheet>
    </div>
  )
}
