/** A small seeded PRNG (mulberry32): the same seed gives the same club every time. */
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: ReadonlyArray<T>): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    sample: <T>(items: ReadonlyArray<T>, n: number): T[] => {
      const copy = [...items]
      const out: T[] = []
      while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!)
      return out
    },
  }
}
export type Random = ReturnType<typeof createRandom>
