import { useEffect, useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { MemberSummary } from '@/contract/members'
import { gradeLabel } from '@/contract/terms'
import { memberSearchQueryOptions } from './club-queries'

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/**
 * Finds an active member by name or email (GET /api/members/search): a combobox that works with
 * the keyboard (type, ↑/↓ to move, Enter to choose, Escape to close).
 */
export function MemberPicker({ label, onPick, error }: { label: string; onPick: (member: MemberSummary) => void; error?: string }) {
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const q = useDebounced(text.trim(), 250)
  const search = useQuery(memberSearchQueryOptions(q))
  const items = search.data ?? []
  const listId = `${id}-list`
  const showList = open && q.length > 0

  function pick(member: MemberSummary) {
    onPick(member)
    setText('')
    setOpen(false)
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
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        placeholder="Type a name or email"
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
        className="min-h-11 w-full rounded-md border border-line bg-surface px-3 py-2 text-ink focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand aria-[invalid=true]:border-danger"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} results`}
        hidden={!showList}
        className="absolute top-full z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-line bg-surface shadow-lg"
      >
        {search.isFetching && items.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-2 text-sm text-ink-muted">
            Searching…
          </li>
        ) : search.isError ? (
          <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-2 text-sm text-danger">
            The search failed. Try again.
          </li>
        ) : items.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected={false} className="px-3 py-2 text-sm text-ink-muted">
            No active member matches “{q}”.
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
