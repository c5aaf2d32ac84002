import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { applicationStatusLabels, applicationStatuses, type ApplicationSort, type ApplicationStatus } from '@/contract/lives'
import { useDebouncedSearch } from '@/lib/use-debounced-search'
import type { ApplicationListSearch } from './live-search'

const sortOptions: ReadonlyArray<{ value: ApplicationSort; label: string }> = [
  { value: 'submitted', label: 'Submitted, oldest first' },
  { value: '-submitted', label: 'Submitted, newest first' },
  { value: 'band', label: 'Band, A–Z' },
  { value: '-band', label: 'Band, Z–A' },
  { value: 'minutes', label: 'Requested minutes, fewest first' },
  { value: '-minutes', label: 'Requested minutes, most first' },
  { value: 'status', label: 'Status' },
  { value: '-status', label: 'Status, reversed' },
]

/** Executives narrow the list by status and band name and sort it; every change goes to the URL. */
export function ReviewFilters({ search, onChange }: { search: ApplicationListSearch; onChange: (next: Partial<ApplicationListSearch>) => void }) {
  const [text, setText] = useDebouncedSearch(search.q, (q) => onChange({ q }))
  const filtered = Boolean(search.q || search.status)
  return (
    <form role="search" aria-label="Filter applications" className="grid gap-3 sm:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
      <TextField label="Band" type="search" placeholder="Band name" value={text} onChange={(event) => setText(event.target.value)} maxLength={100} />
      <SelectField
        label="Status"
        value={search.status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as ApplicationStatus | undefined })}
        options={[{ value: '', label: 'Any status' }, ...applicationStatuses.map((status) => ({ value: status, label: applicationStatusLabels[status] }))]}
      />
      <SelectField
        label="Sort by"
        value={search.sort ?? 'submitted'}
        onChange={(event) => {
          const sort = event.target.value as ApplicationSort
          onChange({ sort: sort === 'submitted' ? undefined : sort })
        }}
        options={sortOptions}
      />
      {filtered ? (
        <div className="sm:col-span-3">
          <Button
            variant="ghost"
            onClick={() => {
              setText('')
              onChange({ q: undefined, status: undefined })
            }}
          >
            <X aria-hidden className="size-4" />
            Clear filters
          </Button>
        </div>
      ) : null}
    </form>
  )
}
