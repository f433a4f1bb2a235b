import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { useOnline } from '#app/lib/online'
import { Button, IconButton } from '#app/ui/button'
import { Field, Input } from '#app/ui/field'
import { Icon } from '#app/ui/icon'
import { MAX_BENEFICIARY_LABEL, type RecentBeneficiary, type SavedBeneficiary } from '#contract/beneficiaries'

import { beneficiariesQuery, useRemoveBeneficiary, useSaveBeneficiary } from '../beneficiary-queries'

/*
 * Recent and saved accounts in Send Money's first step (decision 145). Choosing one only fills the bank and the
 * account number: the name enquiry runs as if they had been typed, and its requestId is what the transfer spends.
 */

export interface AccountChoice {
  bankCode: string
  accountNumber: string
}

/** Rows of each list shown before "Show all": the bank and account fields stay near the top of a phone's screen. */
const SHOWN = 3

const group = stack({ gap: '1' })
const heading = css({ textStyle: 'caption', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' })
const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border.default',
})
const chosenRow = css({ borderColor: 'accent.default', bg: 'accent.subtle' })
const pick = css({
  flex: '1',
  minW: '0',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  minH: 'touch',
  px: '3',
  py: '1.5',
  textAlign: 'left',
  cursor: 'pointer',
  _disabled: { cursor: 'default', opacity: 0.6 },
})
const name = css({ fontWeight: 'semibold', maxW: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const detail = css({ textStyle: 'body.sm', color: 'fg.muted' })
const showAll = css({
  alignSelf: 'flex-start',
  textStyle: 'body.sm',
  fontWeight: 'semibold',
  color: 'accent.fg',
  minH: 'touch',
  cursor: 'pointer',
})

const sameAccount = (a: AccountChoice, b: AccountChoice | undefined) =>
  b !== undefined && a.bankCode === b.bankCode && a.accountNumber === b.accountNumber

function AccountRow({
  account,
  title,
  chosen,
  onPick,
  disabled,
  remove,
}: {
  account: RecentBeneficiary | SavedBeneficiary
  title: string
  chosen: boolean
  onPick: () => void
  disabled?: boolean
  remove?: { label: string; onClick: () => void; disabled: boolean }
}) {
  return (
    <li className={cx(row, chosen ? chosenRow : undefined)}>
      <button type="button" className={pick} onClick={onPick} disabled={disabled} aria-pressed={chosen}>
        <span className={name}>{title}</span>
        <span className={detail}>
          {title === account.accountName ? '' : `${account.accountName} · `}
          {account.bankName} · {account.accountNumber}
        </span>
      </button>
      {remove ? <IconButton icon="close" label={remove.label} onClick={remove.onClick} disabled={remove.disabled} size="sm" /> : null}
    </li>
  )
}

/** Saved accounts (a few, then "Show all"), then recent ones not saved; nothing at all while there are none. */
export function BeneficiaryPicker({
  chosen,
  onPick,
  disabled,
}: {
  chosen?: AccountChoice
  onPick: (account: AccountChoice) => void
  disabled?: boolean
}) {
  const list = useQuery(beneficiariesQuery())
  const remove = useRemoveBeneficiary()
  const online = useOnline()
  const [allSaved, setAllSaved] = useState(false)
  const [allRecent, setAllRecent] = useState(false)
  if (!list.data) return null
  const { saved } = list.data
  const recent = list.data.recent.filter((account) => !saved.some((kept) => sameAccount(kept, account)))
  if (!saved.length && !recent.length) return null
  const choose = (account: AccountChoice) => onPick({ bankCode: account.bankCode, accountNumber: account.accountNumber })

  return (
    <div className={stack({ gap: '3' })}>
      {saved.length ? (
        <section className={group} aria-label="Saved accounts">
          <h3 className={heading}>Saved accounts</h3>
          <ul className={stack({ gap: '2' })}>
            {(allSaved ? saved : saved.slice(0, SHOWN)).map((account) => (
              <AccountRow
                key={account.id}
                account={account}
                title={account.label ?? account.accountName}
                chosen={sameAccount(account, chosen)}
                onPick={() => choose(account)}
                disabled={disabled}
                remove={{
                  label: `Remove ${account.label ?? account.accountName}`,
                  onClick: () => remove.mutate(account.id),
                  disabled: !online || remove.isPending,
                }}
              />
            ))}
          </ul>
          {saved.length > SHOWN ? (
            <button type="button" className={showAll} onClick={() => setAllSaved(!allSaved)}>
              {allSaved ? 'Show fewer' : `Show all ${saved.length} saved accounts`}
            </button>
          ) : null}
        </section>
      ) : null}
      {recent.length ? (
        <section className={group} aria-label="Recent accounts">
          <h3 className={heading}>Recent</h3>
          <ul className={stack({ gap: '2' })}>
            {(allRecent ? recent : recent.slice(0, SHOWN)).map((account) => (
              <AccountRow
                key={`${account.bankCode}:${account.accountNumber}`}
                account={account}
                title={account.accountName}
                chosen={sameAccount(account, chosen)}
                onPick={() => choose(account)}
                disabled={disabled}
              />
            ))}
          </ul>
          {recent.length > SHOWN ? (
            <button type="button" className={showAll} onClick={() => setAllRecent(!allRecent)}>
              {allRecent ? 'Show fewer' : `Show all ${recent.length} recent accounts`}
            </button>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}

/**
 * "Save this account" under a resolved name: the bank and number go to the server, which asks the bank for the
 * name itself. Hidden for an account already saved.
 */
export function SaveBeneficiary({ account }: { account: AccountChoice }) {
  const list = useQuery(beneficiariesQuery())
  const save = useSaveBeneficiary()
  const online = useOnline()
  const [open, setOpen] = useState(false)
  const [label, setLabel] = useState('')
  const saved = list.data?.saved.find((kept) => sameAccount(kept, account))
  if (saved) {
    return (
      <p className={css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'body.sm', color: 'fg.muted' })}>
        <Icon name="check" size={16} />
        {saved.label ? `Saved as ${saved.label}` : 'Saved to your accounts'}
      </p>
    )
  }
  if (!list.data) return null
  if (!open) {
    return (
      <Button variant="ghost" size="sm" className={css({ alignSelf: 'flex-start' })} onClick={() => setOpen(true)}>
        Save this account
      </Button>
    )
  }
  return (
    <form
      className={css({ display: 'flex', alignItems: 'flex-end', gap: '2' })}
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate({ ...account, label: label.trim() || null })
      }}
    >
      <div className={css({ flex: '1' })}>
        <Field label="Nickname (optional)">
          <Input
            value={label}
            maxLength={MAX_BENEFICIARY_LABEL}
            autoComplete="off"
            placeholder="e.g. Rice supplier"
            onChange={(event) => setLabel(event.target.value)}
          />
        </Field>
      </div>
      <Button type="submit" loading={save.isPending} disabled={!online}>
        Save
      </Button>
    </form>
  )
}
