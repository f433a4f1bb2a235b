import { deviceSetting } from './device-setting'

/*
 * Whether balances are hidden (the eye button on the wallet and outlet cards), kept on this device so it survives
 * moving between screens and reloading (issue 22): someone who hid the balance in a shop does not want it back on
 * screen at the next tap. One setting for every balance card. Signing out wipes it, so the next person starts with
 * balances shown.
 */
const balanceHidden = deviceSetting('vbo.balance-hidden')

export const setBalanceHidden = balanceHidden.set

/** The stored choice and a toggle for it. */
export function useBalanceHidden(): [boolean, () => void] {
  const hidden = balanceHidden.useValue()
  return [hidden, () => balanceHidden.set(!hidden)]
}
