import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Card } from '#app/ui/card'
import { CopyButton } from '#app/ui/copy-button'
import { ConfirmDialog } from '#app/ui/dialog'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import type { MyDomains, ShopDomain } from '#contract/domains'

import { myDomainsQuery, useRemoveDomain } from '../queries'
import { ConnectDomainCard } from './connect-domain-card'
import { DomainItem } from './domain-item'

const column = stack({ gap: '5' })
const text = css({ textStyle: 'body.sm', color: 'fg.muted' })
const address = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: { base: 'space-between', md: 'flex-start' },
  gap: '2',
  minW: '0',
})
const link = css({ color: 'accent.fg', fontWeight: 'medium', textDecoration: 'underline', overflowWrap: 'anywhere', minW: '0' })

/**
 * Settings → Domains: the shop's default address and the domains connected to it (decision 064). Every call
 * needs VENDOR_SETTINGS (the server answers 403), so without it the tab only says why, rather than asking.
 */
export function DomainsPanel({ canEdit }: { canEdit: boolean }) {
  if (!canEdit) {
    return (
      <Card title="Domains">
        <p className={text}>Only a team member with the settings permission can manage domains.</p>
      </Card>
    )
  }
  return <DomainSettings />
}

function DomainSettings() {
  const domains = useQuery(myDomainsQuery())
  const inputId = useId()
  const data = domains.data
  if (!data) {
    return domains.isError ? (
      <QueryError query={domains} title="Could not load your domains" />
    ) : (
      <div className={column} aria-busy="true">
        <Skeleton height={96} radius={12} />
        <Skeleton height={160} radius={12} />
        <Skeleton height={240} radius={12} />
      </div>
    )
  }
  return (
    <div className={column}>
      <ShopAddressCard address={data.defaultAddress} />
      <ConnectDomainCard count={data.items.length} limit={data.limit} inputId={inputId} />
      <DomainList data={data} inputId={inputId} />
    </div>
  )
}

function ShopAddressCard({ address: url }: { address: string | null }) {
  return (
    <Card title="Shop address">
      <p className={text}>Every shop has this address. A domain you connect opens the same shop.</p>
      {url ? (
        <div className={address}>
          <a className={link} href={url} target="_blank" rel="noreferrer">
            {url}
          </a>
          <CopyButton value={url} label="Copy shop address" toastMessage="Shop address copied" />
        </div>
      ) : (
        <span className={text}>Not set</span>
      )}
    </Card>
  )
}

function DomainList({ data, inputId }: { data: MyDomains; inputId: string }) {
  const remove = useRemoveDomain()
  const [target, setTarget] = useState<ShopDomain | null>(null)
  const [confirming, setConfirming] = useState(false)
  // A removed domain's Remove button goes with it: focus then lands on the domain field, not the page's top.
  const removed = useRef(false)
  return (
    <Card
      title="Your domains"
      action={
        data.items.length > 0 ? (
          <span className={text}>
            {data.items.length} of {data.limit}
          </span>
        ) : null
      }
    >
      {data.items.length > 0 ? (
        <ul aria-label="Connected domains">
          {data.items.map((d) => (
            <DomainItem
              key={d.id}
              domain={d}
              onRemove={(domain) => {
                setTarget(domain)
                removed.current = false
                setConfirming(true)
              }}
            />
          ))}
        </ul>
      ) : (
        <p className={text}>No domain is connected yet.</p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove domain?"
        description={`${target?.domain ?? 'This domain'} will stop opening your shop.`}
        proceedLabel="Remove"
        loading={remove.isPending}
        finalFocusEl={() => (removed.current ? document.getElementById(inputId) : null)}
        onProceed={() =>
          target &&
          remove.mutate(target, {
            onSuccess: () => {
              removed.current = true
            },
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Card>
  )
}
