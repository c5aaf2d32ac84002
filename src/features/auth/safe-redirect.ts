/**
 * Only same-origin paths: `//evil.example` and `/\evil.example` are protocol-relative URLs
 * to browsers, so an open redirect hides behind a leading slash.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  // Control characters (tabs, newlines) are stripped by URL parsers and can smuggle a host in.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return undefined
  return value
}
