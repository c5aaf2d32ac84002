import { Link, getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { m } from '@/i18n/paraglide/messages.js'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader, Pagination } from '@/components/ui/page'
import { useSession } from '@/lib/session-context'
import { BandCard, linkButtonClass } from './band-card'
import { BandFilters } from './band-filters'
import { isBandMember, isExecutiveUser } from './band-parts'
import { bandListQueryOf, type BandListUrlSearch } from './band-search'
import { bandListQueryOptions } from './bands-queries'

const routeApi = getRouteApi('/_authenticated/band-list')

/** `/band-list`: every band, searched and filtered on the server; the filters live in the URL. */
export function BandListScreen() {
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const { user: me } = useSession()
  const executive = isExecutiveUser(me)
  const query = bandListQueryOf(search)
  const list = useQuery(bandListQueryOptions(query))

  const update = (next: Partial<BandListUrlSearch>) => void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }) })

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title={m.bands_title()}
        description={m.bands_every_band()}
        actions={
          <Link to="/band-registration-form" className={linkButtonClass}>
            <Plus aria-hidden className="mr-1 size-4" />
            {m.bands_register()}
          </Link>
        }
      />
      <BandFilters search={search} myId={me?.id} onChange={update} />

      {list.isPending ? (
        <LoadingBlock label={m.bands_loading()} />
      ) : list.isError ? (
        <QueryErrorBlock error={list.error} onRetry={() => void list.refetch()} what={m.bands_the_list()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={m.bands_none_match()}>{m.bands_none_match_hint()}</EmptyState>
      ) : (
        <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'opacity-70' : undefined}>
          <ul aria-label={m.bands_title()} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.items.map((band) => (
              <li key={band.id}>
                <BandCard
                  band={band}
                  actions={
                    <>
                      {isBandMember(band, me?.id) && band.status !== 'disbanded' ? (
                        <Link to="/bands/edit/$bandId" params={{ bandId: band.id }} className={linkButtonClass}>
                          {m.bands_edit()}
                        </Link>
                      ) : null}
                      {executive ? (
                        <Link to="/bands/edit-admin/$bandId" params={{ bandId: band.id }} className={linkButtonClass}>
                          {m.bands_edit_admin()}
                        </Link>
                      ) : null}
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={query.page}
            pageSize={query.pageSize}
            total={list.data.total}
            onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
          />
        </div>
      )}
    </div>
  )
}
