import { Link, getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { dayLabel, weekLabel } from '@/contract/calendar'
import { Button } from '@/components/ui/button'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { SelectField } from '@/components/ui/field'
import { useSession } from '@/lib/session-context'
import { useMediaQuery } from '@/lib/use-media-query'
import { DayPicker, WeekNav } from './schedule-controls'
import { publicSlotResolver, selectedDayIndex } from './schedule-slots'
import { normaliseWeek, publicRoomScheduleQueryOptions } from './room-schedule-queries'
import { WIDE_SCHEDULE_QUERY, WeekGrid } from './week-grid'
import { LanguageSwitch } from '@/components/language-switch'
import { m } from '@/i18n/paraglide/messages.js'

const routeApi = getRouteApi('/room-schedule-external')

const linkClass = 'text-brand underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand'

/**
 * `/room-schedule-external`: the room schedule for visitors, read-only, outside the app's
 * layout. Week and room live in the URL (`?week=&room=`), so a link shows the same grid.
 */
export function ExternalScheduleScreen() {
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const { isAuthenticated } = useSession()
  const isWide = useMediaQuery(WIDE_SCHEDULE_QUERY)
  const schedule = useQuery(publicRoomScheduleQueryOptions(search.week))
  const data = schedule.data
  const published = data?.enabled ? data : null
  const weekStart = normaliseWeek(search.week) ?? published?.weekStart

  const setRoom = (room: string | undefined) => void navigate({ search: (previous) => ({ ...previous, room }) })
  const rooms = published ? (search.room ? published.rooms.filter((room) => room.id === search.room) : published.rooms) : []
  const unknownRoom = Boolean(published && search.room && rooms.length === 0)
  const dayIndex = published ? selectedDayIndex(published, search.day) : 0

  return (
    <main id="main" className="min-h-dvh bg-surface px-4 py-6 text-ink sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-4">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            {/* The line is kept while the week loads, so the heading does not move when it arrives. */}
            <p className="text-sm font-medium text-ink-muted">{data ? data.clubName : '\u00a0'}</p>
            <h1 className="text-2xl font-bold text-ink">{m.room_schedule_title()}</h1>
          </div>
          {isAuthenticated ? (
            <Link to="/room-schedule" search={{ week: search.week }} className={`${linkClass} inline-flex min-h-11 items-center`}>
              {m.room_schedule_open_members()}
            </Link>
          ) : (
            <Link to="/login" search={{ redirect: '/room-schedule' }} className={`${linkClass} inline-flex min-h-11 items-center`}>
              {m.room_schedule_sign_in()}
            </Link>
          )}
        </header>

        {schedule.isPending ? (
          <LoadingBlock label={m.room_schedule_loading()} offline={m.room_schedule_offline()} />
        ) : schedule.isError ? (
          <QueryErrorBlock error={schedule.error} onRetry={() => void schedule.refetch()} what={m.room_schedule_the_schedule()} />
        ) : !published ? (
          <EmptyState title={m.room_schedule_not_published()}>{m.room_schedule_not_published_lead()}</EmptyState>
        ) : (
          <>
            <WeekNav weekStart={weekStart} onWeek={(week) => void navigate({ search: (previous) => ({ ...previous, week }) })} />
            {published.rooms.length > 0 ? (
              <div className="max-w-xs">
                <SelectField
                  label={m.room_schedule_room()}
                  value={unknownRoom ? '' : (search.room ?? '')}
                  onChange={(event) => setRoom(event.target.value || undefined)}
                  options={[{ value: '', label: m.room_schedule_all_rooms() }, ...published.rooms.map((room) => ({ value: room.id, label: room.name }))]}
                />
              </div>
            ) : null}

            {unknownRoom ? (
              <div role="alert" className="flex flex-col items-start gap-3 rounded-md border border-danger/40 bg-danger/10 p-4 text-sm">
                <p className="text-ink">{m.room_schedule_unknown_room()}</p>
                <Button variant="secondary" onClick={() => setRoom(undefined)}>
                  {m.room_schedule_show_all()}
                </Button>
              </div>
            ) : published.rooms.length === 0 || published.periods.length === 0 ? (
              <EmptyState title={m.room_schedule_public_empty()}>{m.room_schedule_public_empty_lead()}</EmptyState>
            ) : (
              <div aria-busy={schedule.isFetching} className={`flex flex-col gap-3 ${schedule.isPlaceholderData ? 'opacity-70' : ''}`}>
                {isWide ? null : (
                  <DayPicker
                    days={published.days}
                    today={published.today}
                    selected={dayIndex}
                    onSelect={(day) => void navigate({ search: (previous) => ({ ...previous, day }), replace: true })}
                  />
                )}
                <WeekGrid
                  frame={{ ...published, rooms }}
                  resolve={publicSlotResolver(published, new Date())}
                  layout={isWide ? 'week' : 'day'}
                  dayIndex={dayIndex}
                  caption={m.room_schedule_caption({ when: isWide ? weekLabel(published.weekStart) : dayLabel(published.days[dayIndex] ?? published.today) })}
                />
              </div>
            )}
          </>
        )}
        <LanguageSwitch className="mt-2" />
      </div>
    </main>
  )
}
