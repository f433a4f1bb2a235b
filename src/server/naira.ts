/** 150050 → '₦1,500.50', for messages the server writes (timeline, refusals). Digits only, no floating point. */
export function naira(kobo: number): string {
  const digits = String(Math.abs(kobo)).padStart(3, '0')
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${kobo < 0 ? '-' : ''}₦${whole}.${digits.slice(-2)}`
}
