import { ChevronLeft, ChevronRight } from 'lucide-react'
import { addDays, dayLabel, weekLabel } from '@/contract/calendar'
import { dayParts } from '@/contract/date-format'
import { Button } from '@/components/ui/button'
import { weekdayKeys, type WeekdayKey } from './schedule-slots'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * The week heading and its buttons. `onWeek(undefined)` is "this week" (no `week` in the
 * URL). The heading is a live region, so moving between weeks is announced.
 */
export function WeekNav({ weekStart, onWeek }: { weekStart: string | undefined; onWeek: (week: string | undefined) => void }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <h2 aria-live="polite" className="text-lg font-semibold text-ink">
        {weekStart ? weekLabel(weekStart) : m.room_schedule_this_week()}
      </h2>
      <div role="group" aria-label={m.room_schedule_weeks()} className="flex gap-2">
        <Button variant="secondary" disabled={!weekStart} onClick={() => weekStart && onWeek(addDays(weekStart, -7))} className="flex-1 px-2 whitespace-nowrap sm:flex-none sm:px-4">
          <ChevronLeft aria-hidden className="size-4" />
          <span>
            {m.room_schedule_previous()}<span className="sr-only sm:not-sr-only">{m.room_schedule_week_suffix()}</span>
          </span>
        </Button>
        <Button variant="secondary" onClick={() => onWeek(undefined)} className="flex-1 px-2 whitespace-nowrap sm:flex-none sm:px-4">
          {m.room_schedule_this_week()}
        </Button>
        <Button variant="secondary" disabled={!weekStart} onClick={() => weekStart && onWeek(addDays(weekStart, 7))} className="flex-1 px-2 whitespace-nowrap sm:flex-none sm:px-4">
          <span>
            {m.room_schedule_next()}<span className="sr-only sm:not-sr-only">{m.room_schedule_week_suffix()}</span>
          </span>
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </div>
  )
}

/** The phone view's seven day buttons; the chosen one is pressed, today is `aria-current`. */
export function DayPicker({ days, today, selected, onSelect }: { days: string[]; today: string; selected: number; onSelect: (day: WeekdayKey) => void }) {
  return (
    <div role="group" aria-label={m.room_schedule_day()} className="grid grid-cols-7 gap-1">
      {days.map((date, index) => {
        // The day's parts from Intl: a label split on spaces broke in Japanese ("5月12日(火)" has none).
        const { weekday, dayOfMonth } = dayParts(date)
        const pressed = index === selected
        return (
          <button
            key={date}
            type="button"
            aria-pressed={pressed}
            aria-current={date === today ? 'date' : undefined}
            onClick={() => onSelect(weekdayKeys[index] ?? 'mon')}
            className={`flex min-h-11 flex-col items-center justify-center rounded-md border px-0.5 py-1 text-xs leading-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
              pressed ? 'border-brand bg-brand font-semibold text-brand-ink' : 'border-line bg-surface text-ink hover:bg-surface-2'
            } ${date === today && !pressed ? 'font-semibold underline underline-offset-2' : ''}`}
          >
            <span aria-hidden="true">{weekday}</span>
            <span aria-hidden="true" className="text-sm">
              {dayOfMonth}
            </span>
            <span className="sr-only">{dayLabel(date)}</span>
          </button>
        )
      })}
    </div>
  )
}
