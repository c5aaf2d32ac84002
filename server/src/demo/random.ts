import { mulberry32 } from '../../../src/contract/random'

/** A small seeded PRNG (mulberry32): the same seed gives the same club every time. */
export function createRandom(seed: number) {
  const next = mulberry32(seed)
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
