/**
 * What "every visible word comes from the catalogue" allows on a Japanese screen (issue 36,
 * decision 046), shared by the jsdom check (tests/web/support/translated.ts) and the browser's
 * (tests/e2e/support/translated.ts): Latin letters only in the club's data (strings the API
 * answered), a few names kept as they are, time zones' IANA names, numbers and dates.
 */

/** Words a Japanese screen keeps in Latin letters. */
const KEPT = ['legend icon' /* recharts' own label of its legend's icons */, 'Bandroom', 'English', 'PDF', 'CSV', 'JSON', 'URL', 'Email', 'MB', 'KB', 'GB', 'iCalendar', 'Google', 'Apple', 'Outlook', 'YYYY-MM-DD', 'HH:MM', 'PA', 'DJ', 'MC', 'Wi-Fi', 'JPEG', 'PNG', 'GIF', 'WebP', 'MP3', 'M4A', 'WAV', 'OGG', 'FLAC', 'MP4', 'MOV', 'WebM', 'TXT', 'Markdown', 'Word', 'Excel', 'PowerPoint', 'ODF', 'ZIP']

/** Adds every non-blank string in an API answer (at any depth) to `into`. */
export function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (value.trim()) into.add(value.trim())
  } else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, into))
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => collectStrings(item, into))
}

/** The texts with Latin words that are neither data, kept names nor a time zone: each one missed the catalogue. */
export function untranslatedAmong(texts: string[], data: Iterable<string>): string[] {
  // Time zones are named by their IANA names (Asia/Tokyo) in every language.
  const zones = new Set(Intl.supportedValuesOf('timeZone'))
  const known = [...new Set([...data, ...KEPT])].filter((value) => /[A-Za-z]/.test(value)).sort((a, b) => b.length - a.length)
  return texts.filter((text) => {
    if (zones.has(text)) return false
    let rest = text
    for (const value of known) if (rest.includes(value)) rest = rest.split(value).join(' ')
    return /[A-Za-z]{2,}/.test(rest)
  })
}
