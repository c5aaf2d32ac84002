import type { ReactNode } from 'react'
import type { Participant } from '@/contract/lives'
import { Pill } from './participant-parts'
import { m } from '@/i18n/paraglide/messages.js'
import { partLabel } from '@/contract/choices'

type Details = NonNullable<Participant['details']>

/** A private field that is empty: a dash on screen, words for screen readers. */
function Blank() {
  return (
    <span className="text-ink-muted">
      <span aria-hidden>—</span>
      <span className="sr-only">{m.lives_not_given()}</span>
    </span>
  )
}

const orBlank = (value: string | null | undefined): ReactNode => (value ? value : <Blank />)

/** "Faculty of Letters · History", either part alone, or nothing. */
const facultyText = (details: Details) => [details.faculty, details.department].filter(Boolean).join(' · ') || null

function Phone({ value }: { value: string | null }) {
  if (!value) return <Blank />
  return (
    <a href={`tel:${value.replace(/[^\d+]/g, '')}`} className="whitespace-nowrap text-brand underline underline-offset-2">
      {value}
    </a>
  )
}

function BandList({ bands }: { bands: Participant['bands'] }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {bands.map((band) => (
        <li key={band.id} className="break-words">
          {band.name} <span className="text-ink-muted">({partLabel(band.part)})</span>
        </li>
      ))}
    </ul>
  )
}

/** The reading under the full name, so the two share a column. */
function FullName({ details }: { details: Details }) {
  if (!details.fullName && !details.nameKana) return <Blank />
  return (
    <>
      {orBlank(details.fullName)}
      <span className="block text-xs text-ink-muted">
        <span className="sr-only">{m.lives_kana_label()} </span>
        {orBlank(details.nameKana)}
      </span>
    </>
  )
}

/**
 * Every column fits a 1280 px screen (with the menu) even when the university details are
 * long: the headers and long texts wrap, the reading shares the full name's column, and only
 * the student number, the grade and the phone number stay on one line.
 */
const privateColumns = [
  { key: 'fullName', label: () => m.lives_full_name(), width: 'min-w-[8rem]' },
  { key: 'studentNumber', label: () => m.lives_student_number(), width: '' },
  { key: 'faculty', label: () => m.lives_faculty_department(), width: 'min-w-[10rem]' },
  { key: 'phone', label: () => m.lives_phone(), width: 'whitespace-nowrap' },
] as const

/** Wide screens: one row a person; executives get the university's columns after the club's. */
export function ParticipantTable({ items, withDetails }: { items: Participant[]; withDetails: boolean }) {
  const cell = 'px-2.5 py-2 align-top'
  return (
    // Executives' columns can be wider than the screen: the scrolling box takes the keyboard too.
    <div
      role="region"
      aria-label={m.lives_participant_table()}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{m.lives_participants()}</caption>
        <thead className="bg-surface-2 text-ink-muted">
          <tr>
            <th scope="col" className="px-2.5 py-2">{m.lives_name()}</th>
            <th scope="col" className="px-2.5 py-2">{m.lives_grade()}</th>
            <th scope="col" className="px-2.5 py-2">{m.lives_parts()}</th>
            <th scope="col" className="px-2.5 py-2">{m.lives_bands()}</th>
            {withDetails
              ? privateColumns.map((column) => (
                  <th key={column.key} scope="col" className={`px-2.5 py-2 ${column.width}`}>
                    {column.label()}
                  </th>
                ))
              : null}
          </tr>
        </thead>
        <tbody>
          {items.map((person) => (
            <tr key={person.id} className="border-t border-line">
              <th scope="row" className={`${cell} font-medium break-words text-ink`}>
                {person.displayName}
              </th>
              <td className={`${cell} whitespace-nowrap`}>{person.grade}</td>
              <td className={cell}>{person.parts.join(m.lives_list_separator())}</td>
              <td className={cell}>
                <BandList bands={person.bands} />
              </td>
              {withDetails ? (
                person.details ? (
                  <>
                    <td className={`${cell} break-words`}>
                      <FullName details={person.details} />
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>{orBlank(person.details.studentNumber)}</td>
                    <td className={`${cell} break-words`}>{orBlank(facultyText(person.details))}</td>
                    <td className={`${cell} whitespace-nowrap`}>
                      <Phone value={person.details.phone} />
                    </td>
                  </>
                ) : (
                  <td colSpan={privateColumns.length} className={`${cell} text-ink-muted`}>
                    {m.lives_no_university_details()}
                  </td>
                )
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

/** Phones (360 px): one card a person, the private details in a list under the bands. */
export function ParticipantCards({ items, withDetails }: { items: Participant[]; withDetails: boolean }) {
  return (
    <ul aria-label={m.lives_participants()} className="flex flex-col gap-3">
      {items.map((person) => (
        <li key={person.id} aria-label={person.displayName} className="rounded-lg border border-line bg-surface p-4 text-sm">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-medium break-words text-ink">{person.displayName}</p>
            <Pill>{person.grade}</Pill>
          </div>
          <p className="mt-1 text-ink-muted">{person.parts.join(m.lives_list_separator())}</p>
          <div className="mt-2">
            <BandList bands={person.bands} />
          </div>
          {withDetails ? (
            person.details ? (
              <dl className="mt-3 flex flex-col gap-1 border-t border-line pt-2">
                <DetailRow label={m.lives_full_name()}>{orBlank(person.details.fullName)}</DetailRow>
                <DetailRow label={m.lives_kana()}>{orBlank(person.details.nameKana)}</DetailRow>
                <DetailRow label={m.lives_student_number()}>{orBlank(person.details.studentNumber)}</DetailRow>
                <DetailRow label={m.lives_faculty_department()}>{orBlank(facultyText(person.details))}</DetailRow>
                <DetailRow label={m.lives_phone()}>
                  <Phone value={person.details.phone} />
                </DetailRow>
              </dl>
            ) : (
              <p className="mt-3 border-t border-line pt-2 text-ink-muted">{m.lives_no_university_details()}</p>
            )
          ) : null}
        </li>
      ))}
    </ul>
  )
}
