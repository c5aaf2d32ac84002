import { once } from 'node:events'
import type { Writable } from 'node:stream'

/**
 * Just enough of the POSIX tar format (ustar, with a PAX header for a path longer than 100
 * bytes or a size past 8 GiB) to write and read Bandroom's backups without a dependency: an
 * archive `tar -tzf` lists and `tar -xzf` unpacks. Only regular files; no links, owners or
 * permissions (decision 038).
 */
const BLOCK = 512
const MAX_OCTAL_SIZE = 8 ** 11 - 1

function header(name: string, size: number, type: '0' | 'x', mtime: number) {
  const block = Buffer.alloc(BLOCK)
  block.write(name, 0, 100, 'utf8')
  block.write('0000644\0', 100, 'ascii')
  block.write('0000000\0', 108, 'ascii')
  block.write('0000000\0', 116, 'ascii')
  block.write(`${Math.min(size, MAX_OCTAL_SIZE).toString(8).padStart(11, '0')}\0`, 124, 'ascii')
  block.write(`${Math.floor(mtime / 1000).toString(8).padStart(11, '0')}\0`, 136, 'ascii')
  block.write('        ', 148, 'ascii')
  block.write(type, 156, 'ascii')
  block.write('ustar\0' + '00', 257, 'ascii')
  let sum = 0
  for (const byte of block) sum += byte
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return block
}

function paxRecord(key: string, value: string) {
  const body = Buffer.byteLength(` ${key}=${value}\n`)
  // The record's length counts its own digits.
  let length = body + 1
  while (length !== body + String(length).length) length = body + String(length).length
  return `${length} ${key}=${value}\n`
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)

/** Writes entries one after another into `out` (respecting its back-pressure). */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer) {
    // A stream ended by an error (the disk behind it) takes no more: say so instead of waiting for 'drain'.
    if (this.out.destroyed) throw this.out.errored ?? new Error('The archive could not be written: its stream was closed.')
    if (!this.out.write(chunk)) await once(this.out, 'drain')
  }

  /** An entry of `size` bytes whose content `body` yields; throws if it yields another number of bytes. */
  async add(name: string, size: number, body: AsyncIterable<Buffer> | Buffer, mtime = Date.now()) {
    const records: string[] = []
    if (Buffer.byteLength(name) > 100) records.push(paxRecord('path', name))
    if (size > MAX_OCTAL_SIZE) records.push(paxRecord('size', String(size)))
    if (records.length > 0) {
      const pax = Buffer.from(records.join(''))
      await this.write(header('PaxHeader', pax.length, 'x', mtime))
      await this.write(pax)
      await this.write(padding(pax.length))
    }
    await this.write(header(name, size, '0', mtime))
    let written = 0
    for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
      written += chunk.length
      if (written > size) throw new Error(`${name} grew while being archived`)
      await this.write(chunk)
    }
    if (written !== size) throw new Error(`${name} shrank while being archived`)
    await this.write(padding(size))
  }

  /** The two zero blocks that end an archive. */
  async finish() {
    await this.write(Buffer.alloc(BLOCK * 2))
  }
}

/** The archive does not parse as tar: cut short, or not a tar at all. */
export class TarFormatError extends Error {}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = []
  private length = 0
  private readonly iterator: AsyncIterator<Buffer>
  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]()
  }

  /** Up to `max` bytes (fewer only at the end of the stream); an empty buffer at the end. */
  async readUpTo(max: number): Promise<Buffer> {
    while (this.length === 0) {
      const next = await this.iterator.next()
      if (next.done) return Buffer.alloc(0)
      this.buffered.push(next.value)
      this.length += next.value.length
    }
    const first = this.buffered[0]!
    const taken = first.subarray(0, max)
    if (taken.length === first.length) this.buffered.shift()
    else this.buffered[0] = first.subarray(taken.length)
    this.length -= taken.length
    return taken
  }

  async readExactly(size: number): Promise<Buffer> {
    const parts: Buffer[] = []
    let got = 0
    while (got < size) {
      const part = await this.readUpTo(size - got)
      if (part.length === 0) throw new TarFormatError('the archive ends in the middle of an entry')
      parts.push(part)
      got += part.length
    }
    return Buffer.concat(parts)
  }
}

const text = (block: Buffer, start: number, length: number) => {
  const field = block.subarray(start, start + length)
  const end = field.indexOf(0)
  return field.subarray(0, end === -1 ? length : end).toString('utf8')
}
const octal = (block: Buffer, start: number, length: number) => {
  const digits = text(block, start, length).trim()
  if (!/^[0-7]*$/.test(digits)) throw new TarFormatError('an entry header is damaged')
  return digits === '' ? 0 : Number.parseInt(digits, 8)
}

export interface TarEntry {
  name: string
  size: number
  /** The entry's bytes; read it fully (or not at all) before asking for the next entry. */
  body: AsyncIterable<Buffer>
}

/** The regular files of a tar stream, in order. Throws TarFormatError when it is cut short or damaged. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source)
  let pax: Record<string, string> = {}
  for (;;) {
    const block = await reader.readUpTo(BLOCK).then(async (part) => (part.length === 0 || part.length === BLOCK ? part : Buffer.concat([part, await reader.readExactly(BLOCK - part.length)])))
    if (block.length === 0) throw new TarFormatError('the archive ends without its end marker')
    if (block.every((byte) => byte === 0)) return
    let sum = 0
    for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i]!
    if (sum !== octal(block, 148, 8)) throw new TarFormatError('an entry header is damaged')
    const type = String.fromCharCode(block[156]!)
    const prefix = text(block, 345, 155)
    const name = pax.path ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100))
    const size = pax.size !== undefined ? Number(pax.size) : octal(block, 124, 12)
    pax = {}
    if (type === 'x') {
      const records = (await reader.readExactly(size)).toString('utf8')
      await reader.readExactly(padding(size).length)
      for (const match of records.matchAll(/^\d+ ([^=]+)=(.*)$/gm)) pax[match[1]!] = match[2]!
      continue
    }
    let left = size
    let consumed = false
    const body = (async function* () {
      consumed = true
      while (left > 0) {
        const part = await reader.readUpTo(Math.min(left, 1 << 20))
        if (part.length === 0) throw new TarFormatError('the archive ends in the middle of an entry')
        left -= part.length
        yield part
      }
    })()
    if (type === '0' || type === '\0') yield { name, size, body }
    if (!consumed) for await (const part of body) void part
    else if (left > 0) throw new Error('an entry was not read to its end')
    await reader.readExactly(padding(size).length)
  }
}
