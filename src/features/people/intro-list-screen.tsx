import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, getRouteApi } from '@tanstack/react-router'
import { Search } from 'lucide-react'
import { parts, type DirectoryItem } from '@/contract/people'
import { partLabel } from '@/contract/choices'
import { gradeLabel } from '@/contract/terms'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader, Pagination } from '@/components/ui/page'
import { LookingForBandBadge, PartChips } from '@/features/people/intro-card'
import { toDirectorySearch, type DirectoryUrlSearch } from '@/features/people/directory-search'
import { DIRECTORY_PAGE_SIZE, directoryQueryOptions } from '@/features/people/people-queries'
import { m } from '@/i18n/paraglide/messages.js'

const routeApi = getRouteApi('/_authenticated/intro-list')

const gradeOptions = () => [
  { value: '', label: m.people_any_grade() },
  ...([1, 2, 3, 4] as const).map((grade) => ({ value: String(grade), label: gradeLabel(grade) })),
  { value: 'graduate', label: gradeLabel('graduate') },
]
const partOptions = () => [{ value: '', label: m.people_any_part() }, ...parts.map((part) => ({ value: part, label: partLabel(part) }))]
const lookingOptions = () => [
  { value: '', label: m.people_everyone() },
  { value: 'true', label: m.people_looking() },
  { value: 'false', label: m.people_not_looking() },
]

function MemberCard({ item }: { item: DirectoryItem }) {
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border border-line bg-surface p-4">
      <div>
        <h2 className="font-semibold break-words text-ink">
          <Link
            to="/intro"
            search={{ userId: item.userId }}
            className="text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {item.displayName}
          </Link>
        </h2>
        <p className="text-sm break-words text-ink-muted">
          {item.nickname ? `${item.nickname} · ` : ''}
          {gradeLabel(item.grade)}
        </p>
      </div>
      {item.hasIntro ? (
        <>
          <PartChips parts={item.parts} label={m.people_parts_of({ name: item.displayName })} />
          {item.lookingForBand ? (
            <div>
              <LookingForBandBadge wantedParts={item.wantedParts} />
            </div>
          ) : null}
          {item.excerpt ? <p className="text-sm break-words text-ink">{item.excerpt}</p> : null}
        </>
      ) : (
        <p className="text-sm text-ink-muted">{m.people_no_intro_yet()}</p>
      )}
    </li>
  )
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial)
  return (
    <form
      className="flex items-end gap-2 sm:col-span-2 lg:col-span-1"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(text.trim())
      }}
    >
      <div className="min-w-0 flex-1">
        <TextField label={m.people_name_or_nickname()} type="search" name="q" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
      </div>
      <Button type="submit" variant="secondary" aria-label={m.people_search()}>
        <Search aria-hidden className="size-4" />
      </Button>
    </form>
  )
}

/** `/intro-list`: the member directory; filters and search live in the URL. */
export function IntroListScreen() {
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const directory = useQuery(directoryQueryOptions(toDirectorySearch(search)))

  const update = (change: Partial<DirectoryUrlSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...change, page: 'page' in change ? change.page : undefined }) })

  const filtered = Boolean(search.q || search.part || search.grade || search.lookingForBand !== undefined)

  return (
    <div className="mx-auto flex max-w-5xl flex-col">
      <PageHeader title={m.people_directory_title()} description={m.people_directory_lead()} />

      <div role="search" aria-label={m.people_filter_members()} className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {/* Keyed on the URL's q: going back or clearing filters resets the box. */}
        <SearchBox key={search.q ?? ''} initial={search.q ?? ''} onSearch={(q) => update({ q: q || undefined })} />
        <SelectField
          label={m.people_part()}
          options={partOptions()}
          value={search.part ?? ''}
          onChange={(event) => update({ part: (event.target.value || undefined) as DirectoryUrlSearch['part'] })}
        />
        <SelectField
          label={m.people_grade()}
          options={gradeOptions()}
          value={search.grade === undefined ? '' : String(search.grade)}
          onChange={(event) => {
            const value = event.target.value
            update({ grade: value === '' ? undefined : value === 'graduate' ? 'graduate' : (Number(value) as 1 | 2 | 3 | 4) })
          }}
        />
        <SelectField
          label={m.people_looking()}
          options={lookingOptions()}
          value={search.lookingForBand === undefined ? '' : String(search.lookingForBand)}
          onChange={(event) => update({ lookingForBand: event.target.value === '' ? undefined : event.target.value === 'true' })}
        />
      </div>

      {directory.isPending ? (
        <LoadingBlock label={m.people_loading_members()} />
      ) : directory.isError ? (
        <QueryErrorBlock error={directory.error} onRetry={() => void directory.refetch()} what={m.people_the_directory()} />
      ) : directory.data.items.length === 0 ? (
        <EmptyState title={filtered ? m.people_none_match() : m.people_no_members()}>
          {filtered ? (
            <Link to="/intro-list" search={{}} className="text-brand underline underline-offset-2">
              {m.people_clear_filters()}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
            {m.people_member_count({ count: directory.data.total })}
            {directory.isPlaceholderData ? ' · updating…' : ''}
          </p>
          <ul aria-label={m.people_members()} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {directory.data.items.map((item) => (
              <MemberCard key={item.userId} item={item} />
            ))}
          </ul>
          {directory.data.total > DIRECTORY_PAGE_SIZE ? (
            <Pagination page={search.page ?? 1} pageSize={DIRECTORY_PAGE_SIZE} total={directory.data.total} onPage={(page) => update({ page })} />
          ) : null}
        </>
      )}
    </div>
  )
}
