/**
 * mulberry32: a small, well-mixed seeded PRNG giving numbers in [0, 1). The same seed gives the
 * same sequence on every machine, which is what the generator, the allocator, the demo club
 * and the bench's instances rely on. No imports: the pure engines may use it.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
