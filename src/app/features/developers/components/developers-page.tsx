import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { ApiError, errorMessage } from '#app/lib/api'
import { notify } from '#app/lib/notify'
import { OFFLINE_WRITE_MESSAGE, useOnline } from '#app/lib/online'
import { usePermission } from '#app/lib/permissions'
import { useSession } from '#app/lib/session'
import { isPinRefusal } from '#app/lib/use-pin-step'
import { Button } from '#app/ui/button'
import { Card } from '#app/ui/card'
import { ConfirmDialog } from '#app/ui/dialog'
import { Field, Input } from '#app/ui/field'
import { NoAccess } from '#app/ui/no-access'
import { PageHeader } from '#app/ui/page'
import { PinDialog } from '#app/ui/pin-dialog'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import { API_KEY_ROTATION_OVERLAP_HOURS, type ApiKey, MAX_API_KEYS } from '#contract/api-keys'

import { apiKeysQuery, useRevokeApiKey, useRotateApiKey } from '../queries'
import { CreateKeySheet } from './create-key-sheet'
import { KeyCalls } from './key-calls'
import { KeyList } from './key-list'
import { SecretSheet } from './secret-sheet'

const column = stack({ gap: '5' })
const text = css({ textStyle: 'body.sm', color: 'fg.muted' })

/** Settings → Developers (issue 40, decision 168): API keys and the calls made with them. */
export function DevelopersPage() {
  const allowed = usePermission('VENDOR_DEVELOPERS')
  return (
    <div className={column}>
      <PageHeader title="Developers" description="Connect your website, shop or accounting tool with an API key." />
      {allowed ? (
        <>
          <ApiKeys />
          <KeyCalls />
        </>
      ) : (
        <NoAccess permission="VENDOR_DEVELOPERS" />
      )}
    </div>
  )
}

type Confirming = { action: 'rotate' | 'revoke'; key: ApiKey }
type Shown = { name: string; secret: string; rotated: boolean }

function ApiKeys() {
  const session = useSession()
  const online = useOnline()
  const keys = useQuery(apiKeysQuery())
  const rotate = useRotateApiKey()
  const revoke = useRevokeApiKey()
  const [creating, setCreating] = useState(false)
  const [shown, setShown] = useState<Shown | null>(null)
  // A rotated secret waits for the confirm or PIN dialog to finish closing: Ark would dismiss a sheet opened sooner.
  const [ready, setReady] = useState<Shown | null>(null)
  const showReady = () => {
    if (!ready) return
    setShown(ready)
    setReady(null)
  }
  // The target outlives the dialog's closing animation, so its words do not vanish while it fades.
  const [target, setTarget] = useState<Confirming | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [pinOpen, setPinOpen] = useState(false)
  const [pin, setPin] = useState('')
  const [pinError, setPinError] = useState<string | null>(null)
  // A new secret outlives the session, so a rotation asks for the account password, as making a key does.
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const isOwner = session?.user.role === 'owner'

  function rotated(key: ApiKey, secret: string) {
    setReady({ name: key.name, secret, rotated: true })
    setConfirming(false)
    setPinOpen(false)
    setPassword('')
  }

  function sendRotate(key: ApiKey, typedPin?: string) {
    rotate.mutate(
      { id: key.id, password, pin: typedPin },
      {
        onSuccess: ({ data }) => rotated(data.key, data.secret),
        onError: (error) => {
          if (confirming && error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
            setPasswordError('The password is incorrect.')
            return
          }
          if (isPinRefusal(error)) {
            setPinError(errorMessage(error))
            setPin('')
            return
          }
          setConfirming(false)
          setPinOpen(false)
          notify.error(errorMessage(error))
        },
      },
    )
  }

  function proceed() {
    if (!target) return
    if (target.action === 'revoke') {
      revoke.mutate(target.key.id, { onSettled: () => setConfirming(false) })
    } else if (!password) {
      setPasswordError('Enter your password.')
    } else if (target.key.scopes.includes('transfers')) {
      // A new secret for a key that sends money is the owner's to give, with the PIN, as when it was made.
      setConfirming(false)
      setPin('')
      setPinError(null)
      setPinOpen(true)
    } else sendRotate(target.key)
  }

  const data = keys.data
  const full = (data?.length ?? 0) >= MAX_API_KEYS
  return (
    <Card
      title="API keys"
      action={
        <Button size="sm" onClick={() => setCreating(true)} disabled={!online || full}>
          Create key
        </Button>
      }
    >
      {!online ? <p className={text}>{OFFLINE_WRITE_MESSAGE}</p> : null}
      {!data ? (
        keys.isError ? (
          <QueryError query={keys} title="Could not load your API keys" />
        ) : (
          <Skeleton count={2} height={64} />
        )
      ) : data.length === 0 ? (
        <p className={text}>No API key yet. A key lets your own systems read your sales and payments.</p>
      ) : (
        <KeyList
          keys={data}
          userId={session?.user.id ?? ''}
          disabled={!online}
          onRotate={(key) => {
            setTarget({ action: 'rotate', key })
            setPassword('')
            setPasswordError(null)
            setConfirming(true)
          }}
          onRevoke={(key) => {
            setTarget({ action: 'revoke', key })
            setConfirming(true)
          }}
        />
      )}
      {full ? <p className={text}>You have {MAX_API_KEYS} keys, the most a business can have. Revoke one to make another.</p> : null}
      {creating ? (
        <CreateKeySheet
          isOwner={isOwner}
          onClose={() => setCreating(false)}
          onCreated={({ key, secret }) => {
            setCreating(false)
            setShown({ name: key.name, secret, rotated: false })
          }}
        />
      ) : null}
      <SecretSheet shown={shown} onDone={() => setShown(null)} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={target ? `${target.action === 'revoke' ? 'Revoke' : 'Rotate'} ${target.key.name}?` : ''}
        description={
          target?.action === 'revoke'
            ? 'Calls with this key stop working at once. This cannot be undone.'
            : `The key gets a new secret. The old one keeps working for ${API_KEY_ROTATION_OVERLAP_HOURS} hours, then stops.`
        }
        proceedLabel={target?.action === 'revoke' ? 'Revoke' : 'Rotate'}
        loading={revoke.isPending || rotate.isPending}
        onProceed={proceed}
        onExitComplete={showReady}
      >
        {target?.action === 'rotate' ? (
          <Field label="Your password" error={passwordError}>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value)
                setPasswordError(null)
              }}
            />
          </Field>
        ) : null}
      </ConfirmDialog>
      <PinDialog
        open={pinOpen}
        onOpenChange={setPinOpen}
        description="Your PIN lets the new secret send money from your wallet."
        pin={pin}
        // The error stays until the next answer: the boxes are keyed by it, so clearing it on a keystroke would remount them.
        onPinChange={setPin}
        onSubmit={(typed) => target && sendRotate(target.key, typed)}
        loading={rotate.isPending}
        error={pinError}
        submitLabel="Rotate"
        onExitComplete={showReady}
      />
    </Card>
  )
}
