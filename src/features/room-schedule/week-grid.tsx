import { useCallback, useId, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react'
import { ArrowRight, Hourglass, Lock, Star } from 'lucide-react'
import { dayLabel } from '@/contract/calendar'
import { slotText, type ScheduleFrame, type Slot, type SlotResolver, type SlotState } from './schedule-slots'
import { m } from '@/i18n/paraglide/messages.js'

/** The week table needs room for seven columns; narrower screens (phones, small tablets) get one day at a time. */
export const WIDE_SCHEDULE_QUERY = '(min-width: 1024px)'

/** What a slot's focusable element carries: its place in the grid, roving tab stop, look. */
export interface SlotItemProps {
  'data-slot-row': number
  'data-slot-col': number
  onFocus: () => void
  className: string
  children: ReactNode
}

export interface WeekGridProps {
  frame: ScheduleFrame
  resolve: SlotResolver
  /** `week`: periods × days, every room in each cell (wide screens). `day`: periods × rooms for one day (phones). */
  layout: 'week' | 'day'
  /** The day the `day` layout shows (index into `frame.days`). */
  dayIndex?: number
  /** The table's accessible name. */
  caption: string
  /** Renders a bookable free slot (a link to the booking form); without it no slot is interactive. */
  renderBookable?: (slot: Slot, item: SlotItemProps) => ReactNode
}

const itemBase =
  'w-full rounded px-1.5 py-1 text-left text-sm break-words focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand'

function stateClass(state: SlotState) {
  switch (state.kind) {
    case 'booked':
      return state.mine ? 'border-l-4 border-brand bg-brand/15 text-ink' : 'bg-surface-2 text-ink'
    case 'blackout':
    case 'inactive':
    case 'held':
      return 'bg-surface-2 text-ink-muted italic'
    case 'past':
    case 'not-open':
      return 'text-ink-muted'
    case 'free':
      return state.bookable ? 'font-medium text-brand hover:bg-brand/10' : 'text-ink'
  }
}

/** "Mine", in words and with an icon, never by colour alone. */
export function MineBadge() {
  return (
    <span className="ml-1 inline-flex items-center gap-0.5 rounded-full border border-brand px-1.5 text-xs font-semibold whitespace-nowrap text-ink not-italic">
      <Star aria-hidden className="size-3" />
      {m.room_schedule_mine()}
    </span>
  )
}

function SlotWords({ state }: { state: SlotState }) {
  const text = slotText(state)
  const closed = state.kind === 'blackout' || state.kind === 'inactive' || (state.kind === 'booked' && state.bookingKind === 'block')
  return (
    <>
      {closed ? <Lock aria-hidden className="mr-1 inline size-3.5 align-[-2px]" /> : null}
      {state.kind === 'held' ? <Hourglass aria-hidden className="mr-1 inline size-3.5 align-[-2px]" /> : null}
      <span className={state.kind === 'booked' ? 'font-medium' : undefined}>{text.primary}</span>
      {text.secondary ? (
        <>
          <span className="sr-only">: </span>
          <span className="block text-xs text-ink-muted">{text.secondary}</span>
        </>
      ) : null}
      {state.kind === 'booked' && state.mine ? <MineBadge /> : null}
    </>
  )
}

/**
 * Arrow keys move focus between slots (↑↓ rows, ←→ columns, Home/End along the row,
 * Ctrl+Home/End to the first/last slot). Links to free slots stay in the Tab order; the other
 * slots are reached by the arrows, with one of them (the last focused, at first the top-left)
 * kept as a Tab stop so a grid with nothing bookable can still be entered from the keyboard.
 */
function useGridKeys(rows: number, cols: number) {
  const [active, setActive] = useState<readonly [number, number]>([0, 0])
  const activeRow = Math.min(active[0], rows - 1)
  const activeCol = Math.min(active[1], cols - 1)

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    if (event.altKey || event.metaKey || event.shiftKey) return
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-slot-row]')
    if (!item) return
    const row = Number(item.dataset.slotRow)
    const col = Number(item.dataset.slotCol)
    let next: [number, number]
    switch (event.key) {
      case 'ArrowUp':
        next = [row - 1, col]
        break
      case 'ArrowDown':
        next = [row + 1, col]
        break
      case 'ArrowLeft':
        next = [row, col - 1]
        break
      case 'ArrowRight':
        next = [row, col + 1]
        break
      case 'Home':
        next = event.ctrlKey ? [0, 0] : [row, 0]
        break
      case 'End':
        next = event.ctrlKey ? [rows - 1, cols - 1] : [row, cols - 1]
        break
      default:
        return
    }
    // The arrows belong to the grid here, not to page scrolling.
    event.preventDefault()
    const [nextRow, nextCol] = [Math.max(0, Math.min(rows - 1, next[0])), Math.max(0, Math.min(cols - 1, next[1]))]
    event.currentTarget.querySelector<HTMLElement>(`[data-slot-row="${nextRow}"][data-slot-col="${nextCol}"]`)?.focus()
  }

  const itemProps = (row: number, col: number) => ({
    'data-slot-row': row,
    'data-slot-col': col,
    onFocus: () => setActive([row, col]),
    tabIndex: row === activeRow && col === activeCol ? 0 : -1,
  })
  return { onKeyDown, itemProps }
}

function SlotItem({
  slot,
  row,
  col,
  grid,
  showRoom,
  context,
  renderBookable,
}: {
  slot: Slot
  row: number
  col: number
  grid: ReturnType<typeof useGridKeys>
  /** The week layout names the room on each line; the day layout has it as the column header. */
  showRoom: boolean
  /** Where the slot is, read out when it takes focus (the link has it in its name). */
  context: string
  renderBookable: WeekGridProps['renderBookable']
}) {
  const { tabIndex, ...position } = grid.itemProps(row, col)
  const className = `${itemBase} ${stateClass(slot.state)}`
  const room = showRoom ? <span className="block text-xs font-normal text-ink-muted not-italic">{slot.room.name}</span> : null
  if (slot.state.kind === 'free' && slot.state.bookable && renderBookable) {
    return renderBookable(slot, {
      ...position,
      // "Book" comes first in the markup so the visible words read as the start of the link's
      // name ("Book Studio A, …", WCAG 2.5.3); the room name is still drawn above it.
      className: `${className} flex flex-col-reverse`,
      children: (
        <>
          <span className="underline underline-offset-2">{slotText(slot.state).primary}</span>{' '}
          {room}
        </>
      ),
    })
  }
  return (
    <span {...position} tabIndex={tabIndex} className={`${className} block`}>
      <span className="sr-only">{context}: </span>
      {room}
      {showRoom ? <span className="sr-only">: </span> : null}
      <SlotWords state={slot.state} />
    </span>
  )
}

function PeriodHeader({ period, narrow }: { period: Slot['period']; narrow: boolean }) {
  return (
    <th
      scope="row"
      className={`border-t border-line bg-surface-2 py-2 text-left align-top text-sm font-semibold break-words text-ink ${narrow ? 'px-1.5' : 'px-2'}`}
    >
      {period.label}
      {/* On a phone the times may wrap after the dash, leaving the width to the rooms. */}
      <span className={`block text-xs font-normal text-ink-muted ${narrow ? '' : 'whitespace-nowrap'}`}>
        {period.startsAt}–{period.endsAt}
      </span>
    </th>
  )
}

type Overflow = 'fits' | 'end' | 'more'
/** Each scrolling box's overflow as last measured (a box's entry goes with the box). */
const measured = new WeakMap<HTMLElement, Overflow>()

/**
 * Whether a scrolling box has more to its right than it shows. Read from the box itself on
 * scroll and resize, so the cue follows the room count, the names and the screen. Measured only
 * then (the ResizeObserver's first call comes once the box is laid out), never while rendering:
 * a render that read the box's widths made the browser lay the page out again on the spot
 * (about 100 ms of a throttled phone's main thread on the public schedule's first load;
 * Lighthouse's forced-reflow insight).
 */
function useMoreToTheRight() {
  // A callback ref into state: the subscription restarts when the box mounts.
  const [element, setScrollBox] = useState<HTMLDivElement | null>(null)
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!element) return () => {}
      const measure = () => {
        const overflow = element.scrollWidth - element.clientWidth <= 1 ? 'fits' : element.scrollLeft + element.clientWidth >= element.scrollWidth - 1 ? 'end' : 'more'
        if (measured.get(element) === overflow) return
        measured.set(element, overflow)
        changed()
      }
      element.addEventListener('scroll', measure, { passive: true })
      window.addEventListener('resize', measure)
      const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null
      if (observer) {
        observer.observe(element)
        if (element.firstElementChild) observer.observe(element.firstElementChild)
      } else measure()
      return () => {
        element.removeEventListener('scroll', measure)
        window.removeEventListener('resize', measure)
        observer?.disconnect()
      }
    },
    [element],
  )
  const state = useSyncExternalStore(subscribe, () => (element ? (measured.get(element) ?? 'fits') : 'fits'), () => 'fits')
  return { setScrollBox, overflows: state !== 'fits', moreToTheRight: state === 'more' }
}

/** Day layout: the period column and each room's narrowest width (rem), so three rooms fit a 360 px phone. */
const DAY_PERIOD_REM = 4
const DAY_ROOM_REM = 5.25

function TodayBadge() {
  return <span className="ml-1 inline-block rounded-full bg-brand px-1.5 text-xs font-semibold text-brand-ink">{m.room_schedule_today()}</span>
}

/**
 * The room schedule as a real table (caption, column and row headers) so screen readers can
 * walk it, shared by the members' and the visitors' screens.
 */
export function WeekGrid({ frame, resolve, layout, dayIndex = 0, caption, renderBookable }: WeekGridProps) {
  const hintId = useId()
  const { rooms, periods, days } = frame
  const isWeek = layout === 'week'
  // Week: a row per period and room (rooms stacked in each day's cell), a column per day.
  // Day: a row per period, a column per room.
  const grid = useGridKeys(isWeek ? periods.length * rooms.length : periods.length, isWeek ? days.length : rooms.length)
  const day = days[Math.min(Math.max(dayIndex, 0), days.length - 1)] ?? frame.today
  const { setScrollBox, overflows, moreToTheRight } = useMoreToTheRight()

  return (
    <div className="flex flex-col gap-2">
      {overflows ? (
        <p className="flex items-center gap-1 text-sm font-medium text-ink">
          {isWeek ? m.room_schedule_scroll_days() : m.room_schedule_scroll_rooms()}
          <ArrowRight aria-hidden className="size-4" />
        </p>
      ) : null}
      <div className="relative">
        {/* `relative`: the visually hidden texts in cells scrolled out of view must not widen the page. */}
        <div ref={setScrollBox} className="relative overflow-x-auto rounded-lg border border-line">
          <table
            aria-describedby={hintId}
            onKeyDown={grid.onKeyDown}
            // Fixed layout: the columns share the width and long names wrap inside them. The day
            // layout fits three rooms on a phone; with more, the table grows and its box scrolls.
            style={isWeek ? undefined : { minWidth: `${DAY_PERIOD_REM + rooms.length * DAY_ROOM_REM}rem` }}
            className={`w-full table-fixed border-collapse text-left text-sm ${isWeek ? 'min-w-[44rem]' : ''}`}
          >
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-surface-2 text-ink">
              <tr>
                <th scope="col" className={`py-2 text-sm font-semibold ${isWeek ? 'w-24 px-2' : 'w-16 px-1.5'}`}>
                  {m.room_schedule_period()}
                </th>
                {isWeek
                  ? days.map((date) => (
                      <th key={date} scope="col" aria-current={date === frame.today ? 'date' : undefined} className="px-2 py-2 text-sm font-semibold">
                        {dayLabel(date)}
                        {date === frame.today ? <TodayBadge /> : null}
                      </th>
                    ))
                  : rooms.map((room) => (
                      <th key={room.id} scope="col" className="px-1.5 py-2 text-sm font-semibold [overflow-wrap:anywhere]">
                        {room.name}
                      </th>
                    ))}
              </tr>
            </thead>
            <tbody>
              {periods.map((period, periodIndex) => (
                <tr key={period.id}>
                  <PeriodHeader period={period} narrow={!isWeek} />
                  {isWeek
                    ? days.map((date, dayColumn) => (
                        <td key={date} className={`border-t border-l border-line p-1 align-top ${date === frame.today ? 'bg-brand/5' : ''}`}>
                          <ul className="flex flex-col gap-1">
                            {rooms.map((room, roomIndex) => (
                              <li key={room.id}>
                                <SlotItem
                                  slot={{
                                    room,
                                    date,
                                    period,
                                    state: resolve(room, date, period),
                                  }}
                                  row={periodIndex * rooms.length + roomIndex}
                                  col={dayColumn}
                                  grid={grid}
                                  showRoom
                                  context={`${dayLabel(date)}, ${period.label}`}
                                  renderBookable={renderBookable}
                                />
                              </li>
                            ))}
                          </ul>
                        </td>
                      ))
                    : rooms.map((room, roomIndex) => (
                        <td key={room.id} className="border-t border-l border-line p-1 align-top [overflow-wrap:anywhere]">
                          <SlotItem
                            slot={{
                              room,
                              date: day,
                              period,
                              state: resolve(room, day, period),
                            }}
                            row={periodIndex}
                            col={roomIndex}
                            grid={grid}
                            showRoom={false}
                            context={`${room.name}, ${period.label}`}
                            renderBookable={renderBookable}
                          />
                        </td>
                      ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {/* A fade on the right edge while more rooms (or days) are out of view. */}
        {moreToTheRight ? (
          <div aria-hidden className="pointer-events-none absolute inset-y-px right-px w-8 rounded-r-lg bg-linear-to-l from-surface to-transparent" />
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-ink-muted">
        {renderBookable ? m.room_schedule_keys_bookable() : m.room_schedule_keys()}
      </p>
    </div>
  )
}
