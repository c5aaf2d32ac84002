import { useId, useState } from 'react'
import { Link } from '@tanstack/react-router'
import type { ActivityEntry } from '@/contract/activity'
import type { Dates } from '@/lib/use-dates'
import { m } from '@/i18n/paraglide/messages.js'
import { activityAreaLabels } from './activity-words'

/** A value before or after a change, as plain text: never markup, whatever the server stored. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value === '' ? m.activity_empty_value() : value
  if (typeof value === 'boolean') return value ? m.activity_yes() : m.activity_no()
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** More changes than this, or one long value, and the changes start folded away. */
const SHOWN_CHANGES = 3
const LONG_VALUE = 80

function isLong(changes: ActivityEntry['changes']) {
  return changes.length > SHOWN_CHANGES || changes.some((change) => valueText(change.before).length > LONG_VALUE || valueText(change.after).length > LONG_VALUE)
}

function ChangeList({ changes, id }: { changes: ActivityEntry['changes']; id?: string }) {
  return (
    <ul id={id} aria-label={m.activity_changes()} className="flex flex-col gap-1">
      {changes.map((change, index) => (
        <li key={`${change.field}-${index}`} className="rounded bg-surface-2 px-2 py-1 text-sm break-words">
          <span className="font-medium">{change.field}</span>: <span className="text-ink-muted line-through decoration-1">{valueText(change.before)}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only">{m.activity_changed_to()}</span>
          <span>{valueText(change.after)}</span>
        </li>
      ))}
    </ul>
  )
}

/** The changed fields, folded away behind a button when there are many or long ones. */
function Changes({ changes }: { changes: ActivityEntry['changes'] }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  if (changes.length === 0) return null
  if (!isLong(changes)) return <ChangeList changes={changes} />
  const count = m.activity_fields_changed({ count: changes.length })
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="min-h-11 rounded-md border border-line px-3 text-sm font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        {open ? m.activity_hide_changes({ count }) : m.activity_show_changes({ count })}
      </button>
      {/* Always in the page so aria-controls points somewhere; hidden while folded. */}
      <div hidden={!open} className="w-full">
        <ChangeList changes={changes} id={id} />
      </div>
    </div>
  )
}

function objectText(object: ActivityEntry['object']) {
  if (!object) return null
  return object.label ? m.activity_object_with_type({ label: object.label, type: object.type }) : object.type
}

/**
 * One entry: when (club time), who, what, on what, and the fields before → after. What was done,
 * the kind of thing and the field names come worded in the reader's language by the server.
 */
export function ActivityEntryItem({ entry, dates }: { entry: ActivityEntry; dates: Dates }) {
  const on = objectText(entry.object)
  return (
    <article className="flex flex-col gap-2 rounded-md border border-line p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 text-ink-muted">
        <time dateTime={entry.at}>{dates.dateTime(entry.at)}</time>
        <span className="rounded-full border border-line px-2 py-0.5 text-xs">{activityAreaLabels[entry.area]()}</span>
      </div>
      <p className="break-words">
        {entry.actor ? (
          <Link
            to="/activity-log"
            search={(previous) => ({ ...previous, actorId: entry.actor!.id, page: undefined })}
            className="font-medium text-brand underline underline-offset-2"
            title={m.activity_show_only({ name: entry.actor.name })}
          >
            {entry.actor.name}
          </Link>
        ) : (
          <span className="font-medium">{m.activity_someone_not_signed_in()}</span>
        )}
        <span aria-hidden="true"> · </span>
        <span className="sr-only">: </span>
        <span>{entry.action}</span>
        {on ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="text-ink-muted">{m.activity_on()}</span>
            <span className="font-medium">{on}</span>
          </>
        ) : null}
      </p>
      <Changes changes={entry.changes} />
    </article>
  )
}
