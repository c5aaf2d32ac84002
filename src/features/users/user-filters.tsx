import type { ChangeEvent } from 'react'
import { SelectField, TextField } from '@/components/ui/field'
import { gradeLabel } from '@/contract/terms'
import { gradeFilters, roleLabels, statusLabels, type UserSort } from '@/contract/users'
import { roles, userStatuses } from '@/contract/auth'
import type { UserSearch } from './user-search'
import { useDebouncedSearch } from '@/lib/use-debounced-search'

const sortOptions: ReadonlyArray<{ value: UserSort; label: string }> = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: 'email', label: 'Email (A–Z)' },
  { value: '-enrollmentYear', label: 'Enrollment year (newest)' },
  { value: 'enrollmentYear', label: 'Enrollment year (oldest)' },
  { value: '-createdAt', label: 'Registered (newest)' },
  { value: 'createdAt', label: 'Registered (oldest)' },
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
    <form role="search" aria-label="Filter accounts" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" onSubmit={(event) => event.preventDefault()}>
      <div className="sm:col-span-2 lg:col-span-1">
        <TextField label="Search" type="search" placeholder="Name or email" value={text} onChange={(event) => setText(event.target.value)} maxLength={100} />
      </div>
      <SelectField
        label="Status"
        value={search.status ?? ''}
        onChange={select('status')}
        options={[{ value: '', label: 'All but deleted' }, ...userStatuses.map((status) => ({ value: status, label: statusLabels[status] }))]}
      />
      <SelectField
        label="Role"
        value={search.role ?? ''}
        onChange={select('role')}
        options={[{ value: '', label: 'Any role' }, ...roles.map((role) => ({ value: role, label: roleLabels[role] }))]}
      />
      <SelectField
        label="Grade"
        value={search.grade ?? ''}
        onChange={select('grade')}
        options={[{ value: '', label: 'Any grade' }, ...gradeFilters.map((grade) => ({ value: grade, label: gradeOptionLabel(grade) }))]}
      />
      <SelectField label="Sort by" value={search.sort ?? 'name'} onChange={select('sort')} options={sortOptions} />
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
