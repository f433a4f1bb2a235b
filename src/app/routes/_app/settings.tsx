import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { css } from 'styled-system/css'
import { ChangePasswordForm } from '../../features/settings/components/change-password-form'
import { ProfileSection } from '../../features/settings/components/profile-section'
import { vendorProfileQuery } from '../../features/settings/queries'
import { loadQuery } from '../../lib/query-client'
import { PageHeader } from '../../ui/page'

/** Tabs live in the URL (`?tab=`) so a link can open one; later areas add theirs here. */
const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'password', label: 'Password' },
] as const
type Tab = (typeof TABS)[number]['id']

export const Route = createFileRoute('/_app/settings')({
  validateSearch: v.object({ tab: v.optional(v.fallback(v.picklist(TABS.map((t) => t.id)), 'profile'), 'profile') }),
  loader: ({ context: { queryClient } }) => loadQuery(queryClient, vendorProfileQuery()),
  component: Settings,
})

function Settings() {
  const { tab } = Route.useSearch()
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <PageHeader title="Settings" />
      <nav aria-label="Settings sections" className={css({ display: 'flex', gap: '1', overflowX: 'auto', borderBottomWidth: '1px', borderColor: 'border.default' })}>
        {TABS.map((t) => (
          <Link
            key={t.id}
            to="/settings"
            search={{ tab: t.id }}
            aria-current={tab === t.id ? 'page' : undefined}
            className={css({
              px: '4',
              minHeight: '44px',
              display: 'inline-flex',
              alignItems: 'center',
              fontWeight: 'medium',
              color: 'fg.muted',
              borderBottomWidth: '2px',
              borderColor: 'transparent',
              whiteSpace: 'nowrap',
              '&[aria-current=page]': { color: 'accent.default', borderColor: 'accent.default' },
            })}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <TabPanel tab={tab} />
    </div>
  )
}

function TabPanel({ tab }: { tab: Tab }) {
  return tab === 'password' ? <ChangePasswordForm /> : <ProfileSection />
}
