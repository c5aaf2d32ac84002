import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { applicationStatusLabels, applicationStatuses, type ApplicationSort, type ApplicationStatus } from '@/contract/lives'
import { useDebouncedSearch } from '@/lib/use-debounced-search'
import type { ApplicationListSearch } from './live-search'
import { m } from '@/i18n/paraglide/messages.js'

const sortOptions = (): ReadonlyArray<{ value: ApplicationSort; label: string }> => [
  { value: 'submitted', label: m.lives_sort_submitted() },
  { value: '-submitted', label: m.lives_sort_submitted_desc() },
  { value: 'band', label: m.lives_sort_band() },
  { value: '-band', label: m.lives_sort_band_desc() },
  { value: 'minutes', label: m.lives_sort_minutes() },
  { value: '-minutes', label: m.lives_sort_minutes_desc() },
  { value: 'status', label: m.lives_sort_status() },
  { value: '-status', label: m.lives_sort_status_desc() },
]

/** Executives narrow the list by status and band name and sort it; every change goes to the URL. */
export function ReviewFilters({ search, onChange }: { search: ApplicationListSearch; onChange: (next: Partial<ApplicationListSearch>) => void }) {
  const [text, setText] = useDebouncedSearch(search.q, (q) => onChange({ q }))
  const filtered = Boolean(search.q || search.status)
  return (
    <form role="search" aria-label={m.lives_filter_applications()} className="grid gap-3 sm:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
      <TextField label={m.lives_band()} type="search" placeholder={m.lives_band_name()} value={text} onChange={(event) => setText(event.target.value)} maxLength={100} />
      <SelectField
        label={m.lives_status()}
        value={search.status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as ApplicationStatus | undefined })}
        options={[{ value: '', label: m.lives_any_status() }, ...applicationStatuses.map((status) => ({ value: status, label: applicationStatusLabels[status] }))]}
      />
      <SelectField
        label={m.lives_sort_by()}
        value={search.sort ?? 'submitted'}
        onChange={(event) => {
          const sort = event.target.value as ApplicationSort
          onChange({ sort: sort === 'submitted' ? undefined : sort })
        }}
        options={sortOptions()}
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
            {m.lives_clear_filters()}
          </Button>
        </div>
      ) : null}
    </form>
  )
}
