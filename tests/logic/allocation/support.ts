import type { AllocationBand, AllocationSnapshot, AllocationWish } from '../../../src/contract/allocation'

/**
 * A small round for the allocation tests: the week of Mon 30 Nov 2026, rooms Studio A and
 * Room B, periods 1st–3rd; people Ren, Aiko, Kenta, Mei, Sora. Bands are added with `band()`.
 */
export const MON = '2026-11-30'
export const TUE = '2026-12-01'
export const WED = '2026-12-02'

export const people = [
  { id: 'ren', name: 'Ren' },
  { id: 'aiko', name: 'Aiko' },
  { id: 'kenta', name: 'Kenta' },
  { id: 'mei', name: 'Mei' },
  { id: 'sora', name: 'Sora' },
]

export function round(bands: AllocationBand[], extra: Partial<AllocationSnapshot> = {}): AllocationSnapshot {
  return {
    dates: [MON, TUE, WED, '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'],
    rooms: [
      { id: 'a', name: 'Studio A' },
      { id: 'b', name: 'Room B' },
    ],
    periods: [
      { id: 'p1', name: '1st' },
      { id: 'p2', name: '2nd' },
      { id: 'p3', name: '3rd' },
    ],
    people,
    bands,
    bookings: [],
    unavailable: [],
    seed: 1,
    ...extra,
  }
}

export const cell = (roomId: string | null, date: string, periodId: string): AllocationWish => ({ roomId, date, periodId })

export function band(id: string, name: string, members: string[], wishes: AllocationWish[], more: Partial<AllocationBand> = {}): AllocationBand {
  return { id, name, members, limit: 2, wants: 2, points: 0, wishes, recent: [], ...more }
}
