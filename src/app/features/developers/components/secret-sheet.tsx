import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { Button } from '#app/ui/button'
import { CopyButton } from '#app/ui/copy-button'
import { Notice } from '#app/ui/notice'
import { Sheet } from '#app/ui/sheet'

const column = stack({ gap: '4' })
const secretRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  p: '3',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.subtle',
})
const secretText = css({ flex: '1', minW: '0', fontFamily: 'mono', textStyle: 'body.sm', overflowWrap: 'anywhere', userSelect: 'all' })
const text = css({ textStyle: 'body.sm', color: 'fg.muted' })

export interface SecretSheetProps {
  /** The key's name and its secret, from the create or rotate answer; null when closed. */
  shown: { name: string; secret: string; rotated: boolean } | null
  onDone: () => void
}

/**
 * The one time a key's secret is on screen (decision 168): the server keeps only its hash, so once this closes
 * nobody can show it again. Closing forgets it; the page never stores it anywhere else.
 */
export function SecretSheet({ shown, onDone }: SecretSheetProps) {
  return (
    <Sheet
      open={shown !== null}
      onOpenChange={(open) => !open && onDone()}
      title={shown?.rotated ? 'Copy the new secret' : 'Copy your API key'}
      description={shown?.name}
      footer={
        <Button size="lg" onClick={onDone}>
          Done
        </Button>
      }
    >
      {shown ? (
        <div className={column}>
          <Notice icon="alert-circle" role="alert">
            Copy it now and keep it somewhere safe. It is shown only once: you will not see it again.
          </Notice>
          <div className={secretRow}>
            <code className={secretText} aria-label="API key secret">
              {shown.secret}
            </code>
            <CopyButton value={shown.secret} label="Copy API key" toastMessage="API key copied" />
          </div>
          <p className={text}>
            {shown.rotated
              ? 'The old secret keeps working for 24 hours, then stops. Put the new one in your systems before then.'
              : 'Send it as Authorization: Bearer followed by the key. Anyone who has it can act as you within its scopes.'}
          </p>
        </div>
      ) : null}
    </Sheet>
  )
}
