import type { ReactNode } from 'react'
import { gradeLabel } from '@/contract/terms'
import type { MemberIntro, Part } from '@/contract/people'
import { partLabel } from '@/contract/choices'
import { m } from '@/i18n/paraglide/messages.js'

export function PartChips({ parts, label }: { parts: readonly Part[]; label: string }) {
  if (parts.length === 0) return null
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {parts.map((part) => (
        <li key={part} className="rounded-full border border-line bg-surface-2 px-2.5 py-0.5 text-sm text-ink">
          {partLabel(part)}
        </li>
      ))}
    </ul>
  )
}

export function LookingForBandBadge({ wantedParts }: { wantedParts: readonly Part[] }) {
  return (
    <p className="inline-block rounded-md border border-brand/40 bg-brand/10 px-2 py-1 text-sm text-ink">
      <span className="font-medium">{m.people_looking()}</span>
      {wantedParts.length > 0 ? m.people_wants({ parts: wantedParts.map(partLabel).join(m.people_list_separator()) }) : m.people_wants_any()}
    </p>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  )
}

/** A member's intro as every member sees it. The text is plain text, never HTML. */
export function IntroDetails({ intro }: { intro: MemberIntro }) {
  return (
    <article aria-labelledby="intro-name" className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 sm:p-5">
      <header className="flex flex-col gap-1">
        <h2 id="intro-name" className="text-xl font-semibold break-words text-ink">
          {intro.displayName}
          {intro.nickname ? <span className="font-normal text-ink-muted"> ({intro.nickname})</span> : null}
        </h2>
        <p className="text-sm text-ink-muted">{gradeLabel(intro.grade)}</p>
      </header>
      {intro.lookingForBand ? (
        <div>
          <LookingForBandBadge wantedParts={intro.wantedParts} />
        </div>
      ) : null}
      <dl className="flex flex-col gap-4">
        <Row label={m.people_parts()}>{intro.parts.length > 0 ? <PartChips parts={intro.parts} label={m.people_parts_played()} /> : <span className="text-ink-muted">{m.people_not_given()}</span>}</Row>
        <Row label={m.people_favourite_artists()}>
          {intro.favouriteArtists.length > 0 ? (
            <ul className="list-inside list-disc break-words">
              {intro.favouriteArtists.map((artist, index) => (
                <li key={`${index}-${artist}`}>{artist}</li>
              ))}
            </ul>
          ) : (
            <span className="text-ink-muted">{m.people_not_given()}</span>
          )}
        </Row>
        <Row label={m.people_about()}>
          {intro.body ? <p className="whitespace-pre-wrap break-words">{intro.body}</p> : <span className="text-ink-muted">{m.people_nothing_written()}</span>}
        </Row>
      </dl>
    </article>
  )
}
