import { css } from 'styled-system/css'

import { CopyButton } from '#app/ui/copy-button'

const box = css({ display: 'flex', alignItems: 'center', gap: '2', p: '3', borderRadius: 'control', bg: 'bg.subtle', minW: '0' })
const text = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-all', flex: '1', minW: '0' })
const help = css({ textStyle: 'body.sm', color: 'fg.muted' })

/** An endpoint's signing secret with a copy button; what the integrator's code verifies signatures with. */
export function SecretNotice({ secret, fresh = false }: { secret: string; fresh?: boolean }) {
  return (
    <div role="status">
      <p className={help}>
        {fresh ? 'Endpoint added. ' : ''}Signing secret: keep it on your server only. Your code checks each webhook’s signature with it.
      </p>
      <div className={box}>
        <code className={text} data-testid="webhook-secret">
          {secret}
        </code>
        <CopyButton value={secret} label="Copy signing secret" toastMessage="Signing secret copied" />
      </div>
    </div>
  )
}
