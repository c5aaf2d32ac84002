import { useState } from 'react'
import {
  MouseSensor,
  TouchSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import type { SchedulePerformance } from '@/contract/live-schedule'
import type { LiveEvent } from '@/contract/lives'
import { TIMETABLE_GRID_MINUTES as GRID } from '@/contract/timetable'
import { ROW_PX, parseLaneId, type GridItem } from './schedule-grid'
import { clampIntoDay, dayRange, toTime, type EditPlacement } from './timetable-editing'
import { m } from '@/i18n/paraglide/messages.js'

/**
 * Dragging a block with the mouse or a finger (dnd-kit): where it would land (`drag.candidate`,
 * snapped to the grid and kept inside the day), what a screen reader hears, and the drop.
 */
export function useDraftDrag({
  event,
  byId,
  onStart,
  onDrop,
}: {
  event: LiveEvent
  byId: (id: string) => SchedulePerformance | undefined
  onStart: (id: string) => void
  onDrop: (candidate: EditPlacement) => void
}) {
  const [drag, setDrag] = useState<{ id: string; candidate: EditPlacement | null } | null>(null)
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
  )

  function candidateOf({ active, over }: DragMoveEvent | DragEndEvent): EditPlacement | null {
    const performance = byId(String(active.id))
    const top = active.rect.current.translated?.top
    if (!over || !performance || top === undefined) return null
    const lane = parseLaneId(String(over.id))
    const day = event.days.find((candidate) => candidate.date === lane.date)
    if (!day) return null
    const start = dayRange(day).from + Math.round((top - over.rect.top) / ROW_PX) * GRID
    return {
      performanceId: performance.id,
      date: lane.date,
      stage: lane.stage,
      start: toTime(clampIntoDay(event, lane.date, start, performance.minutes)),
      pinned: false,
    }
  }

  function onDragStart({ active }: DragStartEvent) {
    onStart(String(active.id))
    setDrag({ id: String(active.id), candidate: null })
  }
  function onDragMove(moveEvent: DragMoveEvent) {
    const candidate = candidateOf(moveEvent)
    setDrag((current) => {
      if (!current) return current
      const same =
        current.candidate &&
        candidate &&
        current.candidate.date === candidate.date &&
        current.candidate.stage === candidate.stage &&
        current.candidate.start === candidate.start
      return same || (!current.candidate && !candidate) ? current : { ...current, candidate }
    })
  }
  function onDragEnd(endEvent: DragEndEvent) {
    const candidate = candidateOf(endEvent)
    setDrag(null)
    if (candidate) onDrop(candidate)
  }

  const nameOf = (id: string | number) => byId(String(id))?.bandName ?? m.live_schedule_the_performance()
  const announcements: Announcements = {
    onDragStart: ({ active }) => m.live_schedule_drag_picked_up({ band: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? m.live_schedule_drag_over({ band: nameOf(active.id), stage: parseLaneId(String(over.id)).stage }) : m.live_schedule_drag_outside({ band: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over ? m.live_schedule_drag_dropped({ band: nameOf(active.id), stage: parseLaneId(String(over.id)).stage }) : m.live_schedule_drag_not_moved({ band: nameOf(active.id) }),
    onDragCancel: ({ active }) => m.live_schedule_drag_cancelled({ band: nameOf(active.id) }),
  }

  return {
    drag,
    contextProps: {
      sensors,
      collisionDetection: pointerWithin,
      onDragStart,
      onDragMove,
      onDragEnd,
      onDragCancel: () => setDrag(null),
      accessibility: { announcements, screenReaderInstructions: { draggable: m.live_schedule_drag_instructions() } },
    },
  }
}

/**
 * The blocks of one day: the real ones, and while dragging the dragged one stays where it was
 * (faded) with a ghost where it would land.
 */
export function gridItems(
  effective: ReadonlyArray<EditPlacement>,
  placements: ReadonlyArray<EditPlacement>,
  dragId: string | null,
  date: string,
  byId: ReadonlyMap<string, SchedulePerformance>,
): Array<GridItem & { ghost?: true }> {
  const items: Array<GridItem & { ghost?: true }> = []
  for (const placement of placements) {
    if (placement.date !== date || !byId.has(placement.performanceId)) continue
    items.push({ performanceId: placement.performanceId, stage: placement.stage, start: placement.start, minutes: byId.get(placement.performanceId)!.minutes })
  }
  const candidate = dragId ? effective.find((placement) => placement.performanceId === dragId) : undefined
  const original = dragId ? placements.find((placement) => placement.performanceId === dragId) : undefined
  if (candidate && candidate !== original && candidate.date === date) {
    items.push({
      performanceId: candidate.performanceId,
      stage: candidate.stage,
      start: candidate.start,
      minutes: byId.get(candidate.performanceId)!.minutes,
      ghost: true,
    })
  }
  return items
}
