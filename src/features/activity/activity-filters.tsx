import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { activityAreas } from '@/contract/choices'
import { m } from '@/i18n/paraglide/messages.js'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { statusLabels } from '@/contract/users'
import { userQueryOptions, usersListQueryOptions } from '@/features/users/users-queries'
import { dateRangeError } from './activity-request'
import type { ActivitySearch } from './activity-search'
import { activityAreaLabels } from './activity-words'

const PEOPLE_SHOWN = 8

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/**
 * Whose entries: found by name or email among the club's accounts (the user admin's list,
 * GET /api/users), then shown by name with a button to go back to everyone. A person no longer
 * in that list (a deleted account) is reached from their name on one of their entries.
 */
function PersonFilter({ actorId, knownName, onChange }: { actorId: string | undefined; knownName: string | undefined; onChange: (actorId: string | undefined) => void }) {
  const [text, setText] = useState('')
  const q = useDebounced(text.trim(), 300)
  const people = useQuery({
    ...usersListQueryOptions({ q, status: undefined, role: undefined, grade: undefined, sort: 'name', page: 1, pageSize: PEOPLE_SHOWN }),
    enabled: !actorId && q.length > 0,
  })
  const chosen = useQuery({ ...userQueryOptions(actorId ?? ''), enabled: Boolean(actorId) && !knownName })

  if (actorId) {
    const name = knownName ?? chosen.data?.displayName ?? (chosen.isPending ? '…' : m.activity_person_gone())
    return (
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-ink">{m.activity_person()}</legend>
        <div className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-md border border-line pl-3">
          <span className="font-medium break-words">{name}</span>
          <Button variant="ghost" className="px-2" onClick={() => onChange(undefined)}>
            {m.activity_show_everyone()}
          </Button>
        </div>
      </fieldset>
    )
  }

  return (
    <div className="flex flex-col gap-1">
      <TextField
        label={m.activity_person()}
        type="search"
        placeholder={m.activity_person_placeholder()}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={100}
        autoComplete="off"
      />
      {q.length > 0 ? (
        people.isPending ? (
          <p role="status" className="text-sm text-ink-muted">
            {m.activity_looking()}
          </p>
        ) : people.isError ? (
          <p role="status" className="text-sm text-danger">
            {m.activity_people_not_found()}
          </p>
        ) : people.data.items.length === 0 ? (
          <p role="status" className="text-sm text-ink-muted">
            {m.activity_no_account_matches({ q })}
          </p>
        ) : (
          <ul aria-label={m.activity_people_found()} className="flex flex-col rounded-md border border-line">
            {people.data.items.map((person) => (
              <li key={person.id} className="border-t border-line first:border-t-0">
                <button
                  type="button"
                  onClick={() => {
                    setText('')
                    onChange(person.id)
                  }}
                  className="flex min-h-11 w-full flex-col items-start px-3 py-1 text-left text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-brand"
                >
                  <span className="font-medium break-words">{person.displayName}</span>
                  <span className="break-all text-ink-muted">
                    {person.email}
                    {person.status === 'active' ? '' : ` · ${statusLabels[person.status]}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  )
}

/** Person, area and dates. Every change goes to the URL through `onChange`, which goes back to page 1. */
export function ActivityFilters({
  search,
  knownName,
  onChange,
}: {
  search: ActivitySearch
  /** The chosen person's name when an entry on screen already says it. */
  knownName: string | undefined
  onChange: (next: Partial<ActivitySearch>) => void
}) {
  const rangeError = dateRangeError(search)
  return (
    <form role="search" aria-label={m.activity_filter()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
      <PersonFilter actorId={search.actorId} knownName={knownName} onChange={(actorId) => onChange({ actorId })} />
      <SelectField
        label={m.activity_area()}
        value={search.area ?? ''}
        onChange={(event) => onChange({ area: (event.target.value || undefined) as ActivitySearch['area'] })}
        options={[{ value: '', label: m.activity_every_area() }, ...activityAreas.map((area) => ({ value: area, label: activityAreaLabels[area]() }))]}
      />
      <TextField label={m.activity_from()} type="date" value={search.from ?? ''} max={search.to} onChange={(event) => onChange({ from: event.target.value || undefined })} />
      <TextField
        label={m.activity_to()}
        type="date"
        value={search.to ?? ''}
        min={search.from}
        errors={[rangeError]}
        onChange={(event) => onChange({ to: event.target.value || undefined })}
      />
    </form>
  )
}
