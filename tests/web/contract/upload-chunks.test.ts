import { describe, expect, it } from 'vitest'
import { nextUploadChunkBytes, smallerUploadChunkBytes, UPLOAD_CHUNK } from '@/contract/files'

const MiB = 1024 * 1024

describe('upload chunk sizes (one request each)', () => {
  it('starts at 2 MiB and grows on a fast link, at most four times at a step, up to 16 MiB', () => {
    expect(UPLOAD_CHUNK.first).toBe(2 * MiB)
    // 2 MiB in 20 ms (a fast campus network): 8 MiB next, then 16 MiB, and no more.
    expect(nextUploadChunkBytes(2 * MiB, 0.02)).toBe(8 * MiB)
    expect(nextUploadChunkBytes(8 * MiB, 0.08)).toBe(16 * MiB)
    expect(nextUploadChunkBytes(16 * MiB, 0.1)).toBe(16 * MiB)
  })

  it('keeps each request to about 8 seconds on a slow phone, well inside the server’s 30', () => {
    // 1 Mbit/s up: 2 MiB took 16.8 s; next, 8 s of 125 kB/s ≈ 1 MB, in 256 KiB steps.
    const next = nextUploadChunkBytes(2 * MiB, 16.8)
    expect(next).toBe(768 * 1024)
    expect((next * 8) / 1e6).toBeLessThan(8)
    // A very slow link never goes below 256 KiB.
    expect(nextUploadChunkBytes(256 * 1024, 60)).toBe(256 * 1024)
  })

  it('halves after a request that failed on the network, down to 256 KiB', () => {
    expect(smallerUploadChunkBytes(2 * MiB)).toBe(MiB)
    expect(smallerUploadChunkBytes(768 * 1024)).toBe(256 * 1024)
    expect(smallerUploadChunkBytes(256 * 1024)).toBe(256 * 1024)
  })

  it('starts again from 2 MiB when it has nothing to go on', () => {
    expect(nextUploadChunkBytes(0, 1)).toBe(2 * MiB)
    expect(nextUploadChunkBytes(2 * MiB, 0)).toBe(2 * MiB)
  })
})
