import type { ReactNode } from 'react'
import { useId } from 'react'
import type { Band } from '@/contract/bands'
import { BandMemberList, BandStatusBadge } from './band-parts'

/** One band: name, genre, status, members with parts and the leader; `actions` are links. */
export function BandCard({ band, actions }: { band: Band; actions?: ReactNode }) {
  const headingId = useId()
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words text-ink">
            {band.name}
          </h2>
          {band.genre ? <p className="text-sm break-words text-ink-muted">{band.genre}</p> : null}
        </div>
        <BandStatusBadge status={band.status} />
      </div>
      <BandMemberList band={band} />
      {actions ? <div className="mt-auto flex flex-wrap gap-2 pt-1">{actions}</div> : null}
    </article>
  )
}

export const linkButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-line px-3 py-2 text-sm font-medium text-ink hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'
