/** Home's heading starts with the time of day; its pending skeleton says the same (decision 091). */
export function greeting(now: Date): string {
  const h = now.getHours()
  return h < 12 ? 'Good morning' : h < 17 ? 'Good afternoon' : 'Good evening'
}
