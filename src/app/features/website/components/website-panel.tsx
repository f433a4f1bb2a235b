import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { useSession } from '#app/lib/session'
import { Card } from '#app/ui/card'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'

import { websiteQuery } from '../queries'
import { WebsiteForm } from './website-form'

const text = css({ textStyle: 'body.sm', color: 'fg.muted' })
const link = css({ color: 'accent.fg', fontWeight: 'medium', textDecoration: 'underline', overflowWrap: 'anywhere' })

/**
 * Settings → Website: how the public shop looks. Reading it needs VENDOR_SETTINGS too (the server answers 403), so
 * without it the tab only says why, rather than asking.
 */
export function WebsitePanel({ canEdit }: { canEdit: boolean }) {
  if (!canEdit) {
    return (
      <Card title="Website">
        <p className={text}>Only a team member with the settings permission can change how your shop looks.</p>
      </Card>
    )
  }
  return <WebsiteSettings />
}

function WebsiteSettings() {
  const website = useQuery(websiteQuery())
  const session = useSession()
  const data = website.data
  if (!data) {
    return website.isError ? <QueryError query={website} title="Could not load your website" /> : <Skeleton count={4} height={48} />
  }
  return (
    <Card title="Website">
      <div className={stack({ gap: '1', mb: '4' })}>
        <span className={css({ textStyle: 'label', color: 'fg.default' })}>Shop URL</span>
        {data.storefrontUrl ? (
          <a className={link} href={data.storefrontUrl} target="_blank" rel="noreferrer">
            {data.storefrontUrl}
          </a>
        ) : (
          <span className={text}>Not set</span>
        )}
      </div>
      {/* Saved settings remount the form, so "changed" is measured against what the server now holds. */}
      <WebsiteForm key={JSON.stringify(data)} saved={data} shopName={session?.user.vendor.name ?? ''} />
    </Card>
  )
}
