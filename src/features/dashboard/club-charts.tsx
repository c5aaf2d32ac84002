import { useId, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { dayLabel } from '@/contract/calendar'
import { dayParts, formatDayMonth } from '@/contract/date-format'
import { gradeKeyLabels, gradeKeys, type ClubDashboard } from '@/contract/dashboard'
import { partLabel } from '@/contract/choices'
import { roundStatusLabels } from '@/contract/allocation-rounds'
import { applicationStatusLabels, applicationStatuses } from '@/contract/lives'
import { EmptyState, LoadingBlock, QueryErrorBlock } from '@/components/ui/feedback'
import { Card } from '@/components/ui/page'
import { clubDashboardQueryOptions } from './dashboard-queries'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * The executives' charts on /dashboard2 (issue 17, decision 025). This module is the only one
 * that imports recharts, and the overview loads it with `lazy()` for executives only, so the
 * library is in no other screen's download. Every chart has its numbers as a table behind a
 * toggle; the room-use heat map is a table itself.
 */

/** Mid-tone colours that read on the light and the dark surface alike. */
const PALETTE = ['#6366f1', '#f59e0b', '#10b981', '#ef4444', '#0ea5e9', '#a855f7', '#84cc16', '#ec4899', '#64748b']
const axisTick = { fill: 'rgb(var(--ink-muted))', fontSize: 12 }
const tooltipStyle = { backgroundColor: 'rgb(var(--surface))', borderColor: 'rgb(var(--line))', color: 'rgb(var(--ink))' }
/**
 * Legends: the swatch in the series' colour, the words in the theme's text colour. Recharts
 * writes the words in the series' colour, and the mid-tone bars' colours are below AA as text
 * (issue 33: "Penny Lane Commuters" 1.98:1 on the light card, "Other bands" 3.73:1 on the dark).
 */
const legendProps = {
  wrapperStyle: { fontSize: 12 },
  formatter: (value: ReactNode) => <span style={{ color: 'rgb(var(--ink))' }}>{value}</span>,
}
/** The bands drawn one by one in the weekly chart; the rest are added up as "Other bands". */
const BANDS_DRAWN = 8

/**
 * Three shades of indigo over the card: the two lighter keep the theme's text, the darkest
 * white text, so every cell's words keep AA contrast in both themes (no shade in between, where
 * neither text colour would).
 */
const HEAT_ALPHA = [0, 0.3, 0.55, 1] as const
const heatLevel = (share: number): 0 | 1 | 2 | 3 => (share <= 0 ? 0 : share <= 1 / 3 ? 1 : share <= 2 / 3 ? 2 : 3)

/** "Tue" / "火". */
const shortDay = (date: string) => dayParts(date).weekday
/** "w/c 12 May" / "5月12日の週". */
const weekName = (weekStart: string) => m.dashboard_week_of({ day: formatDayMonth(weekStart) })

/** A chart with a caption and its numbers as a table behind a toggle (the chart's text alternative). */
function ChartFigure({ title, summary, chart, table }: { title: string; summary: string; chart: ReactNode; table: ReactNode }) {
  const [showTable, setShowTable] = useState(false)
  const tableId = useId()
  return (
    <Card title={title}>
      <figure className="flex flex-col gap-3">
        <figcaption className="text-sm text-ink-muted">{summary}</figcaption>
        <div aria-hidden className="w-full overflow-hidden">
          {chart}
        </div>
        <div>
          <button type="button" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((shown) => !shown)} className="min-h-11 rounded-md border border-line px-3 text-sm">
            {showTable ? m.dashboard_hide_table() : m.dashboard_show_table()}
          </button>
        </div>
        {/* Focusable: a table wider than the phone scrolls sideways with the arrow keys. */}
        <div id={tableId} hidden={!showTable} tabIndex={showTable ? 0 : undefined} role="group" aria-label={m.dashboard_the_numbers({ title })} className="overflow-x-auto">
          {table}
        </div>
      </figure>
    </Card>
  )
}

const th = 'border-b border-line px-2 py-1 text-left font-semibold'
const td = 'border-b border-line px-2 py-1 tabular-nums'

function RoomUseHeatMap({ club }: { club: ClubDashboard }) {
  const [roomId, setRoomId] = useState('all')
  const selectId = useId()
  const rooms = roomId === 'all' ? club.roomUse : club.roomUse.filter((row) => row.room.id === roomId)
  const cellOf = (date: string, periodId: string) => {
    const booked = rooms.flatMap((row) => row.cells.filter((cell) => cell.date === date && cell.periodId === periodId))
    return { booked: booked.length, kind: booked[0]?.kind }
  }
  const total = Math.max(1, rooms.length)
  const words = (booked: number, kind: string | undefined) => {
    if (roomId !== 'all') return booked === 0 ? m.dashboard_free() : kind === 'band' ? m.dashboard_band() : kind === 'personal' ? m.dashboard_personal() : m.dashboard_closed()
    return `${booked}/${rooms.length}`
  }
  return (
    <Card title={m.dashboard_room_use()}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-ink-muted">{m.dashboard_room_use_note({ day: dayLabel(club.weekStart) })}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">
            {m.dashboard_room()}
          </label>
          <select id={selectId} value={roomId} onChange={(event) => setRoomId(event.target.value)} className="min-h-11 max-w-xs rounded-md border border-line bg-surface px-3">
            <option value="all">{m.dashboard_all_rooms()}</option>
            {club.roomUse.map((row) => (
              <option key={row.room.id} value={row.room.id}>
                {row.room.name}
              </option>
            ))}
          </select>
        </div>
        {club.periods.length === 0 || club.roomUse.length === 0 ? (
          <EmptyState title={m.dashboard_no_rooms()} />
        ) : (
          <div tabIndex={0} role="group" aria-label={m.dashboard_room_use_table()} className="overflow-x-auto">
            <table className="w-full border-collapse text-center text-xs sm:text-sm">
              <caption className="sr-only">
                {roomId === 'all' ? m.dashboard_room_use_caption_all() : m.dashboard_room_use_caption_room({ room: rooms[0]?.room.name ?? '' })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="px-1 py-1 text-left">
                    {m.dashboard_period()}
                  </th>
                  {club.days.map((date) => (
                    <th key={date} scope="col" className="px-1 py-1 font-semibold" abbr={dayLabel(date)}>
                      {shortDay(date)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {club.periods.map((period) => (
                  <tr key={period.id}>
                    <th scope="row" className="px-1 py-1 text-left font-medium whitespace-nowrap">
                      {period.label}
                    </th>
                    {club.days.map((date) => {
                      const { booked, kind } = cellOf(date, period.id)
                      const level = heatLevel(booked / total)
                      return (
                        <td
                          key={date}
                          className="border border-surface px-1 py-2 tabular-nums"
                          style={{ backgroundColor: level === 0 ? 'rgb(var(--surface-2))' : `rgb(55 48 163 / ${HEAT_ALPHA[level]})`, color: level === 3 ? '#ffffff' : undefined }}
                        >
                          {words(booked, kind)}
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Card>
  )
}

function BookingsPerBand({ club }: { club: ClubDashboard }) {
  const drawn = club.bookingsPerBand.slice(0, BANDS_DRAWN)
  const rest = club.bookingsPerBand.slice(BANDS_DRAWN)
  const series = [...drawn.map((row) => ({ key: row.band.id, name: row.band.name })), ...(rest.length > 0 ? [{ key: 'other', name: m.dashboard_other_bands() }] : [])]
  const data = club.weeks.map((week, index) => ({
    week: weekName(week),
    ...Object.fromEntries(drawn.map((row) => [row.band.id, row.counts[index] ?? 0])),
    ...(rest.length > 0 ? { other: rest.reduce((sum, row) => sum + (row.counts[index] ?? 0), 0) } : {}),
  }))
  const total = club.bookingsPerBand.reduce((sum, row) => sum + row.total, 0)
  if (total === 0) {
    return (
      <Card title={m.dashboard_bookings_per_band()}>
        <EmptyState title={m.dashboard_no_band_bookings()} />
      </Card>
    )
  }
  return (
    <ChartFigure
      title={m.dashboard_bookings_per_band()}
      summary={m.dashboard_bookings_summary({ total, bands: club.bookingsPerBand.length, busiest: club.bookingsPerBand[0]!.band.name, count: club.bookingsPerBand[0]!.total })}
      chart={
        <BarChart accessibilityLayer={false} responsive data={data} style={{ width: '100%', height: 280 }} margin={{ left: -20, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="rgb(var(--line))" />
          <XAxis dataKey="week" tick={axisTick} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={axisTick} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend {...legendProps} />
          {series.map((band, index) => (
            <Bar key={band.key} dataKey={band.key} name={band.name} stackId="bands" fill={PALETTE[index % PALETTE.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      }
      table={
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{m.dashboard_bookings_caption()}</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                {m.dashboard_band()}
              </th>
              {club.weeks.map((week) => (
                <th key={week} scope="col" className={th}>
                  {weekName(week)}
                </th>
              ))}
              <th scope="col" className={th}>
                {m.dashboard_total()}
              </th>
            </tr>
          </thead>
          <tbody>
            {club.bookingsPerBand.map((row) => (
              <tr key={row.band.id}>
                <th scope="row" className={`${th} font-medium`}>
                  {row.band.name}
                </th>
                {row.counts.map((count, index) => (
                  <td key={club.weeks[index]} className={td}>
                    {count}
                  </td>
                ))}
                <td className={td}>{row.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  )
}

/**
 * A horizontal stacked bar per row (a part, a live) with one segment per series (a grade, a
 * status), and the same numbers as a table; a `total` on the rows adds a Total column.
 * `grouped` draws the series side by side instead (figures to compare, not parts of a whole);
 * a null count is not drawn and reads `missing` in the table.
 */
function StackedBars<Series extends string>({
  title,
  summary,
  caption,
  rowHeader,
  rows,
  series,
  rowHeight,
  labelWidth,
  grouped = false,
  missing = '',
}: {
  title: string
  summary: string
  caption: string
  rowHeader: string
  rows: Array<{ key: string; label: string; counts: Record<Series, number | null>; total?: number }>
  series: Array<{ key: Series; label: string }>
  rowHeight: number
  labelWidth: number
  grouped?: boolean
  missing?: string
}) {
  const data = rows.map((row) => ({ label: row.label, ...row.counts }))
  const totals = rows.some((row) => row.total !== undefined)
  return (
    <ChartFigure
      title={title}
      summary={summary}
      chart={
        <BarChart accessibilityLayer={false} responsive layout="vertical" data={data} style={{ width: '100%', height: Math.max(200, rows.length * rowHeight + 60) }} margin={{ right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="rgb(var(--line))" />
          <XAxis type="number" allowDecimals={false} tick={axisTick} />
          <YAxis type="category" dataKey="label" width={labelWidth} tick={axisTick} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend {...legendProps} />
          {series.map((one, index) => (
            <Bar key={one.key} dataKey={one.key} name={one.label} stackId={grouped ? undefined : 'stack'} fill={PALETTE[index % PALETTE.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      }
      table={
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                {rowHeader}
              </th>
              {series.map((one) => (
                <th key={one.key} scope="col" className={th}>
                  {one.label}
                </th>
              ))}
              {totals ? (
                <th scope="col" className={th}>
                  {m.dashboard_total()}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className={`${th} font-medium`}>
                  {row.label}
                </th>
                {series.map((one) => (
                  <td key={one.key} className={td}>
                    {row.counts[one.key] ?? missing}
                  </td>
                ))}
                {totals ? <td className={td}>{row.total}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  )
}

function MembersByPart({ club }: { club: ClubDashboard }) {
  const rows = club.membersByPart.filter((row) => row.total > 0)
  const grades = gradeKeys.filter((grade) => rows.some((row) => row.counts[grade] > 0))
  if (rows.length === 0) {
    return (
      <Card title={m.dashboard_members_by_part()}>
        <EmptyState title={m.dashboard_no_members()} />
      </Card>
    )
  }
  return (
    <StackedBars
      title={m.dashboard_members_by_part()}
      summary={m.dashboard_members_summary({ count: club.activeMembers })}
      caption={m.dashboard_members_caption()}
      rowHeader={m.dashboard_part()}
      rows={rows.map((row) => ({ key: row.part, label: row.part === 'Not given' ? m.dashboard_part_not_given() : partLabel(row.part), counts: row.counts, total: row.total }))}
      series={grades.map((grade) => ({ key: grade, label: gradeKeyLabels[grade]() }))}
      rowHeight={40}
      labelWidth={80}
    />
  )
}

function ApplicationsPerLive({ club }: { club: ClubDashboard }) {
  const lives = club.applicationsPerLive
  if (lives.length === 0) {
    return (
      <Card title={m.dashboard_applications_per_live()}>
        <EmptyState title={m.dashboard_no_lives()} />
      </Card>
    )
  }
  const total = lives.reduce((sum, live) => sum + applicationStatuses.reduce((inner, status) => inner + live.counts[status], 0), 0)
  return (
    <StackedBars
      title={m.dashboard_applications_per_live()}
      summary={m.dashboard_applications_summary({ total, lives: lives.length })}
      caption={m.dashboard_applications_caption()}
      rowHeader={m.dashboard_live()}
      rows={lives.map((live) => ({ key: live.event.id, label: live.event.title, counts: live.counts }))}
      series={applicationStatuses.map((status) => ({ key: status, label: applicationStatusLabels[status] }))}
      rowHeight={44}
      labelWidth={100}
    />
  )
}

const roundSeries = () =>
  [
    { key: 'asked', label: m.dashboard_periods_asked() },
    { key: 'offered', label: m.dashboard_periods_free() },
    { key: 'given', label: m.dashboard_periods_given() },
  ] as const

function AllocationDemand({ club }: { club: ClubDashboard }) {
  const rounds = club.allocationRounds
  if (rounds.length === 0) {
    return (
      <Card title={m.dashboard_allocation_demand()}>
        <EmptyState title={m.dashboard_no_allocation()} />
      </Card>
    )
  }
  const latest = rounds[0]!
  const given = latest.given === null ? m.dashboard_nothing_given() : m.dashboard_given({ count: latest.given })
  const asked = latest.bands === 0 ? m.dashboard_no_band_asked() : m.dashboard_bands_asked({ bands: latest.bands, periods: m.dashboard_period_count({ count: latest.asked }) })
  return (
    <StackedBars
      title={m.dashboard_allocation_demand()}
      summary={m.dashboard_allocation_summary({ week: weekName(latest.weekStart), status: roundStatusLabels[latest.status].toLowerCase(), asked, offered: latest.offered, given })}
      caption={m.dashboard_allocation_caption()}
      rowHeader={m.dashboard_round()}
      rows={rounds.map((round) => ({ key: round.id, label: weekName(round.weekStart), counts: { asked: round.asked, offered: round.offered, given: round.given } }))}
      series={[...roundSeries()]}
      rowHeight={64}
      labelWidth={90}
      grouped
      missing={m.dashboard_not_yet()}
    />
  )
}

export default function ClubCharts() {
  const club = useQuery(clubDashboardQueryOptions())
  if (club.isPending) return <LoadingBlock label={m.dashboard_charts_loading()} />
  if (club.isError) return <QueryErrorBlock error={club.error} what={m.dashboard_charts_what()} onRetry={() => void club.refetch()} />
  return (
    <div className="flex flex-col gap-4">
      <RoomUseHeatMap club={club.data} />
      <BookingsPerBand club={club.data} />
      <MembersByPart club={club.data} />
      <ApplicationsPerLive club={club.data} />
      <AllocationDemand club={club.data} />
    </div>
  )
}
