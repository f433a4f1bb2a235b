/*
 * Nigerian phone numbers as people type them (08031234567, 8031234567, 2348031234567) and as SMS providers want
 * them (+2348031234567). The contract only promises digits; these decide whether a number can take an SMS.
 */

/** The 10 national digits (8031234567), or null when the number is not a Nigerian mobile number. */
export function nationalNumber(phone: string | null | undefined): string | null {
  const digits = phone?.replace(/\D/g, '') ?? ''
  const national = digits.startsWith('234') ? digits.slice(3) : digits.replace(/^0/, '')
  return national.length === 10 ? national : null
}

/** +2348031234567: where an SMS goes. */
export const smsAddress = (national: string) => `+234${national}`

/** 080****4567: enough for its owner to recognise, on a page anyone holding the link can open. */
export const maskedPhone = (national: string) => `0${national.slice(0, 2)}****${national.slice(-4)}`
