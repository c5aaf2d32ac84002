import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { CheckboxField, SelectField, TextField } from '@/components/ui/field'
import { MemberPicker } from '@/components/ui/member-picker'
import { bandStatuses } from '@/contract/bands'
import { parts, type Part } from '@/contract/people'
import { bandStatusLabels } from './band-parts'
import type { BandListUrlSearch } from './band-search'
import { useDebouncedSearch } from '@/lib/use-debounced-search'

/**
 * Search (debounced), status, part and member ("only my bands" or anyone through the picker).
 * Every change goes to the URL through `onChange`, which also goes back to the first page.
 */
export function BandFilters({
  search,
  myId,
  onChange,
}: {
  search: BandListUrlSearch
  myId: string | undefined
  onChange: (next: Partial<BandListUrlSearch>) => void
}) {
  const [text, setText] = useDebouncedSearch(search.q, (q) => onChange({ q }))

  const onlyMine = myId !== undefined && search.memberId === myId
  const otherMember = search.memberId !== undefined && !onlyMine

  return (
    <form role="search" aria-label="Filter bands" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
      <div className="sm:col-span-2 lg:col-span-2">
        <TextField label="Search bands" type="search" placeholder="Band name or genre" value={text} onChange={(event) => setText(event.target.value)} maxLength={60} />
      </div>
      <SelectField
        label="Status"
        value={search.status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as BandListUrlSearch['status'] })}
        options={[{ value: '', label: 'Any status' }, ...bandStatuses.map((status) => ({ value: status, label: bandStatusLabels[status] }))]}
      />
      <SelectField
        label="Part"
        value={search.part ?? ''}
        onChange={(event) => onChange({ part: (event.target.value || undefined) as Part | undefined })}
        options={[{ value: '', label: 'Any part' }, ...parts.map((part) => ({ value: part, label: part }))]}
      />
      <div className="flex flex-col gap-2 sm:col-span-2">
        {otherMember ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              Bands with <span className="font-medium">{search.memberName ?? 'the chosen member'}</span>
            </span>
            <Button variant="secondary" onClick={() => onChange({ memberId: undefined, memberName: undefined })}>
              <X aria-hidden className="size-4" />
              Clear member filter
            </Button>
          </div>
        ) : (
          <MemberPicker
            label="Bands with member"
            disabled={onlyMine}
            onPick={(member) => onChange({ memberId: member.id, memberName: member.displayName })}
          />
        )}
      </div>
      <div className="flex items-end sm:col-span-2">
        <CheckboxField
          label="Only my bands"
          checked={onlyMine}
          disabled={myId === undefined}
          onChange={(event) => onChange({ memberId: event.target.checked ? myId : undefined, memberName: undefined })}
        />
      </div>
    </form>
  )
}
