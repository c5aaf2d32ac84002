/** mulberry32: a small seeded generator, so a seed printed by a failing run replays the same sample. */
export function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

/** A seed for this run: the one in `variable` to replay a failure, else a new one. */
export function runSeed(variable: string) {
  const given = process.env[variable]
  return given !== undefined && given !== '' ? Number(given) : Math.floor(Math.random() * 2 ** 31)
}

/** `count` of `items`, in their order, picked by `random`. */
export function pick<T>(items: ReadonlyArray<T>, count: number, random: () => number): T[] {
  const chosen = new Set<number>()
  while (chosen.size < Math.min(count, items.length)) chosen.add(Math.floor(random() * items.length))
  return items.filter((_, index) => chosen.has(index))
}
