/*
 * A User-Agent header as a person recognises their own device in a sign-in notice: "Chrome on Android". Not for
 * any decision (a header is whatever the caller says); only the browser family and the system are named, so the
 * notice carries nothing that identifies the person beyond what they already know.
 */

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\/|Opera/, 'Opera'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'Chromebook'],
  [/Linux/, 'Linux'],
]

/** "Chrome on Android", "Safari on iPhone", "an unknown browser" (no header, or one we do not recognise). */
export function deviceSummary(userAgent: string | undefined | null): string {
  const header = (userAgent ?? '').slice(0, 512)
  const browser = BROWSERS.find(([pattern]) => pattern.test(header))?.[1]
  const system = SYSTEMS.find(([pattern]) => pattern.test(header))?.[1]
  if (browser && system) return `${browser} on ${system}`
  if (browser) return browser
  if (system) return `a browser on ${system}`
  return 'an unknown browser'
}
