import { X } from 'lucide-react'
import { m } from '@/i18n/paraglide/messages.js'
import { Button } from '@/components/ui/button'
import { CheckboxField, SelectField, TextField } from '@/components/ui/field'
import { MemberPicker } from '@/components/ui/member-picker'
import { bandStatusLabels, bandStatuses } from '@/contract/bands'
import { parts, type Part } from '@/contract/people'
import { partLabel } from '@/contract/choices'
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
    <form role="search" aria-label={m.bands_filter()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
      <div className="sm:col-span-2 lg:col-span-2">
        <TextField
          label={m.bands_search()}
          type="search"
          placeholder={m.bands_search_placeholder()}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={60}
        />
      </div>
      <SelectField
        label={m.bands_status()}
        value={search.status ?? ''}
        onChange={(event) => onChange({ status: (event.target.value || undefined) as BandListUrlSearch['status'] })}
        options={[{ value: '', label: m.bands_any_status() }, ...bandStatuses.map((status) => ({ value: status, label: bandStatusLabels[status]() }))]}
      />
      <SelectField
        label={m.bands_part()}
        value={search.part ?? ''}
        onChange={(event) => onChange({ part: (event.target.value || undefined) as Part | undefined })}
        options={[{ value: '', label: m.bands_any_part() }, ...parts.map((part) => ({ value: part, label: partLabel(part) }))]}
      />
      <div className="flex flex-col gap-2 sm:col-span-2">
        {otherMember ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              {m.bands_with_member_prefix()} <span className="font-medium">{search.memberName ?? m.bands_the_chosen_member()}</span>
            </span>
            <Button variant="secondary" onClick={() => onChange({ memberId: undefined, memberName: undefined })}>
              <X aria-hidden className="size-4" />
              {m.bands_clear_member_filter()}
            </Button>
          </div>
        ) : (
          <MemberPicker label={m.bands_with_member()} disabled={onlyMine} onPick={(member) => onChange({ memberId: member.id, memberName: member.displayName })} />
        )}
      </div>
      <div className="flex items-end sm:col-span-2">
        <CheckboxField
          label={m.bands_only_mine()}
          checked={onlyMine}
          disabled={myId === undefined}
          onChange={(event) => onChange({ memberId: event.target.checked ? myId : undefined, memberName: undefined })}
        />
      </div>
    </form>
  )
}
