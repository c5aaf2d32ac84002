import { useEffect, useId, useState } from 'react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { memberSearchResultSchema, type MemberSummary } from '@/contract/members'
import { gradeLabel } from '@/contract/terms'
import { api } from '@/lib/api-client'
import { m } from '@/i18n/paraglide/messages.js'

/** GET /api/members/search; the key is rooted at `members` so every picker shares the cache. */
export const memberSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['members', 'search', q],
    queryFn: async () => memberSearchResultSchema.parse(await api('/api/members/search', { query: { q, limit: 20 } })).items,
    enabled: q.trim().length > 0,
    staleTime: 30_000,
  })

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

export interface MemberPickerProps {
  label: string
  onPick: (member: MemberSummary) => void
  error?: string
  /** Help text under the field (e.g. why it is disabled). */
  description?: string
  /** Ids left out of the results (people already chosen). */
  exclude?: ReadonlyArray<string>
  disabled?: boolean
}

/**
 * Finds an active member by name (GET /api/members/search): a combobox that works with
 * the keyboard (type, ↑/↓ to move, Enter to choose, Escape to close). The number of results is
 * announced to screen readers as it changes.
 */
export function MemberPicker({ label, onPick, error, description, exclude = [], disabled = false }: MemberPickerProps) {
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const q = useDebounced(text.trim(), 250)
  const search = useQuery(memberSearchQueryOptions(q))
  const found = search.data ?? []
  const items = found.filter((member) => !exclude.includes(member.id))
  const listId = `${id}-list`
  const showList = open && q.length > 0 && !disabled
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined

  const announcement = !showList || search.isFetching
    ? ''
    : search.isError
      ? m.layout_search_failed()
      : items.length === 0
        ? m.layout_no_results()
        : m.layout_picker_found({ count: items.length })

  function pick(member: MemberSummary) {
    onPick(member)
    setText('')
    setOpen(false)
    setActive(0)
  }

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && items[active] ? `${id}-option-${active}` : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={m.layout_type_a_name()}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(0)
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
            setActive((index) => Math.min(index + 1, Math.max(items.length - 1, 0)))
          } else if (event.key === 'ArrowUp') {
            event.preventDefault()
            setActive((index) => Math.max(index - 1, 0))
          } else if (event.key === 'Enter') {
            event.preventDefault()
            const member = items[active]
            if (showList && member) pick(member)
          } else if (event.key === 'Escape' && showList) {
            event.preventDefault()
            setOpen(false)
          }
        }}
        className="min-h-11 w-full rounded-md border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand disabled:opacity-60 aria-[invalid=true]:border-danger"
      />
      {description ? (
        <p id={`${id}-description`} className="text-sm text-ink-muted">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={m.layout_picker_results({ label })}
        hidden={!showList}
        className="absolute top-full z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-line bg-surface shadow-lg"
      >
        {search.isFetching && items.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-2 text-sm text-ink-muted">
            {m.layout_searching()}
          </li>
        ) : search.isError ? (
          <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-2 text-sm text-danger">
            {m.layout_search_failed_retry()}
          </li>
        ) : items.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-2 text-sm text-ink-muted">
            {found.length > 0 ? m.layout_all_added({ query: q }) : m.layout_no_member_matches({ query: q })}
          </li>
        ) : (
          items.map((member, index) => (
            <li
              key={member.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(member)}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand/15' : ''}`}
            >
              <span className="font-medium">{member.displayName}</span> <span className="text-ink-muted">· {gradeLabel(member.grade)}</span>
            </li>
          ))
        )}
      </ul>
    </div>
  )
}
