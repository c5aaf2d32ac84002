import { Link, getRouteApi } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Hourglass } from 'lucide-react'
import { dayLabel, weekLabel } from '@/contract/calendar'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { PageHeader } from '@/components/ui/page'
import { clubInfoQueryOptions } from '@/features/club/club-queries'
import { useSession } from '@/lib/session-context'
import { useMediaQuery } from '@/lib/use-media-query'
import { DayPicker, WeekNav } from './schedule-controls'
import { bookSlotName, browserTimeZone, memberSlotResolver, selectedDayIndex } from './schedule-slots'
import { normaliseWeek, roomScheduleQueryOptions } from './room-schedule-queries'
import { WIDE_SCHEDULE_QUERY, WeekGrid } from './week-grid'
import { m } from '@/i18n/paraglide/messages.js'

const routeApi = getRouteApi('/_authenticated/room-schedule')

/** `/room-schedule`: who has which room when; my bookings marked; free slots open the booking form. */
export function RoomScheduleScreen() {
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const { user } = useSession()
  const isWide = useMediaQuery(WIDE_SCHEDULE_QUERY)
  const schedule = useQuery(roomScheduleQueryOptions(search.week))
  // The club's time zone decides which of today's periods have started; the server decides for real.
  const club = useQuery(clubInfoQueryOptions())
  const weekStart = normaliseWeek(search.week) ?? schedule.data?.weekStart
  const dayIndex = schedule.data ? selectedDayIndex(schedule.data, search.day) : 0

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader title={m.room_schedule_title()} description={m.room_schedule_lead()} />
      <WeekNav weekStart={weekStart} onWeek={(week) => void navigate({ search: (previous) => ({ ...previous, week }) })} />

      {schedule.isPending ? (
        <LoadingBlock label={m.room_schedule_loading()} offline={m.room_schedule_offline()} />
      ) : schedule.isError ? (
        <QueryErrorBlock error={schedule.error} onRetry={() => void schedule.refetch()} what={m.room_schedule_the_schedule()} />
      ) : schedule.data.rooms.length === 0 || schedule.data.periods.length === 0 ? (
        <EmptyState title={schedule.data.rooms.length === 0 ? m.room_schedule_no_rooms() : m.room_schedule_no_periods()}>
          <p>{m.room_schedule_no_rooms_lead()}</p>
          {user?.role === 'admin' ? (
            <Link to="/system-settings" className="mt-2 inline-block text-brand underline underline-offset-2">
              {m.room_schedule_open_settings()}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <div aria-busy={schedule.isFetching} className={`flex flex-col gap-3 ${schedule.isPlaceholderData ? 'opacity-70' : ''}`}>
          {isWide ? null : (
            <DayPicker
              days={schedule.data.days}
              today={schedule.data.today}
              selected={dayIndex}
              onSelect={(day) => void navigate({ search: (previous) => ({ ...previous, day }), replace: true })}
            />
          )}
          {schedule.data.allocationHold ? (
            // Once for the week, like a legend: the cells marked "Held" say only that they are.
            <p className="flex gap-2 rounded-md border border-line p-3 text-sm text-ink">
              <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {schedule.data.allocationHold.message}{' '}
                <Link to="/room-allocation-list" className="text-brand underline underline-offset-2">
                  {m.room_schedule_open_allocation()}
                </Link>
              </span>
            </p>
          ) : null}
          <WeekGrid
            frame={schedule.data}
            resolve={memberSlotResolver(schedule.data, club.data?.timeZone ?? browserTimeZone())}
            layout={isWide ? 'week' : 'day'}
            dayIndex={dayIndex}
            caption={
              isWide
                ? m.room_schedule_caption({ when: weekLabel(schedule.data.weekStart) })
                : m.room_schedule_caption({ when: dayLabel(schedule.data.days[dayIndex] ?? schedule.data.today) })
            }
            renderBookable={(slot, item) => (
              <Link
                to="/room-booking-form"
                search={{ roomId: slot.room.id, date: slot.date, periodId: slot.period.id }}
                aria-label={bookSlotName(slot)}
                {...item}
              />
            )}
          />
          <p className="text-sm text-ink-muted">
            {m.room_schedule_mine_before()}
            <span className="font-semibold text-ink">{m.room_schedule_mine()}</span>
            {m.room_schedule_mine_after()}
          </p>
        </div>
      )}
    </div>
  )
}
