import { Crown } from 'lucide-react'
import { m } from '@/i18n/paraglide/messages.js'
import { bandStatusLabels, type Band, type BandMember, type BandStatus } from '@/contract/bands'
import type { SessionUser } from '@/contract/auth'
import { partLabel } from '@/contract/choices'

export function BandStatusBadge({ status }: { status: BandStatus }) {
  const tone = status === 'active' ? 'border-brand/40 text-ink' : status === 'inactive' ? 'border-amber-600/60 text-ink' : 'border-line text-ink-muted'
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}>{bandStatusLabels[status]()}</span>
}

/** A deleted account keeps its place in old bands, without a name. */
export const memberName = (member: Pick<BandMember, 'userId' | 'displayName'>) => (member.userId === null ? m.bands_deleted_user() : member.displayName)

/** Members with their parts, the leader first and marked (in words, not only by the icon). */
export function BandMemberList({ band }: { band: Band }) {
  const members = band.members.toSorted((a, b) => Number(b.isLeader) - Number(a.isLeader))
  return (
    <ul aria-label={m.bands_members_of({ name: band.name })} className="flex flex-col gap-1 text-sm">
      {members.map((member, index) => (
        <li key={member.userId ?? `deleted-${index}`} className="flex flex-wrap items-center gap-x-2">
          <span className={member.userId === null ? 'text-ink-muted italic' : 'font-medium'}>{memberName(member)}</span>
          <span className="text-ink-muted">{partLabel(member.part)}</span>
          {member.isLeader ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium">
              <Crown aria-hidden className="size-3.5" />
              {m.bands_leader()}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

export const isBandMember = (band: Band, userId: string | undefined) => userId !== undefined && band.members.some((member) => member.userId === userId)
export const isBandLeader = (band: Band, userId: string | undefined) =>
  userId !== undefined && band.members.some((member) => member.userId === userId && member.isLeader)
export const isExecutiveUser = (user: SessionUser | null) => user?.role === 'admin' || user?.isExecutive === true
