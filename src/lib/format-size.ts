import { m } from '@/i18n/paraglide/messages.js'

/** "1.4 MB", "820 KB", "12 bytes": sizes as people read them (files, backups). */
export function formatSize(bytes: number) {
  if (bytes < 1024) return m.files_size_bytes({ count: bytes })
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}
