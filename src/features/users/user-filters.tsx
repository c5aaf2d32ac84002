import type { ChangeEvent } from 'react'
import { SelectField, TextField } from '@/components/ui/field'
import { gradeLabel } from '@/contract/terms'
import { gradeFilters, roleLabels, statusLabels, type UserSort } from '@/contract/users'
import { roles, userStatuses } from '@/contract/auth'
import type { UserSearch } from './user-search'
import { useDebouncedSearch } from '@/lib/use-debounced-search'
import { m } from '@/i18n/paraglide/messages.js'

const sortOptions = (): ReadonlyArray<{ value: UserSort; label: string }> => [
  { value: 'name', label: m.users_sort_name() },
  { value: '-name', label: m.users_sort_name_desc() },
  { value: 'email', label: m.users_sort_email() },
  { value: '-enrollmentYear', label: m.users_sort_year_newest() },
  { value: 'enrollmentYear', label: m.users_sort_year_oldest() },
  { value: '-createdAt', label: m.users_sort_registered_newest() },
  { value: 'createdAt', label: m.users_sort_registered_oldest() },
]

const gradeOptionLabel = (grade: (typeof gradeFilters)[number]) =>
  gradeLabel(grade === 'graduate' || grade === 'incoming' ? grade : (Number(grade) as 1 | 2 | 3 | 4))

/**
 * Search (debounced), status, role, grade and sort. Every change goes to the URL through
 * `onChange`, which also goes back to the first page.
 */
export function UserFilters({ search, onChange }: { search: UserSearch; onChange: (next: Partial<UserSearch>) => void }) {
  const [text, setText] = useDebouncedSearch(search.q, (q) => onChange({ q }))

  const select = (key: 'status' | 'role' | 'grade' | 'sort') => (event: ChangeEvent<HTMLSelectElement>) =>
    onChange({ [key]: event.target.value || undefined })

  return (
    <form role="search" aria-label={m.users_filter_label()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" onSubmit={(event) => event.preventDefault()}>
      <div className="sm:col-span-2 lg:col-span-1">
        <TextField label={m.users_search()} type="search" placeholder={m.users_search_placeholder()} value={text} onChange={(event) => setText(event.target.value)} maxLength={100} />
      </div>
      <SelectField
        label={m.users_status()}
        value={search.status ?? ''}
        onChange={select('status')}
        options={[{ value: '', label: m.users_all_but_deleted() }, ...userStatuses.map((status) => ({ value: status, label: statusLabels[status] }))]}
      />
      <SelectField
        label={m.users_role()}
        value={search.role ?? ''}
        onChange={select('role')}
        options={[{ value: '', label: m.users_any_role() }, ...roles.map((role) => ({ value: role, label: roleLabels[role] }))]}
      />
      <SelectField
        label={m.users_grade()}
        value={search.grade ?? ''}
        onChange={select('grade')}
        options={[{ value: '', label: m.users_any_grade() }, ...gradeFilters.map((grade) => ({ value: grade, label: gradeOptionLabel(grade) }))]}
      />
      <SelectField label={m.users_sort_by()} value={search.sort ?? 'name'} onChange={select('sort')} options={sortOptions()} />
    </form>
  )
}

export function StatusBadge({ status }: { status: keyof typeof statusLabels }) {
  const tone =
    status === 'active'
      ? 'border-brand/40 text-ink'
      : status === 'pending'
        ? 'border-amber-600/60 text-ink'
        : status === 'suspended'
          ? 'border-danger/60 text-danger'
          : 'border-line text-ink-muted'
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${tone}`}>{statusLabels[status]}</span>
}
