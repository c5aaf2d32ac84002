// The SHA-256 of uploads, in a thread of its own (upload-hasher.ts). Plain JavaScript: it needs
// nothing but Node, so it loads as it is under `npm start`, the tests and the bench.
//
// Each upload is hashed by reading its file from the start, in order, as far as the request
// thread says its bytes are written (`grown`), 1 MiB at a time; the bytes were just written,
// so the reads come from the page cache. `digest` reads what is left and answers the hash, or
// null when the file has fewer or more bytes than the upload's size.
import { Buffer } from 'node:buffer'
import { createHash } from 'node:crypto'
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { parentPort } from 'node:worker_threads'

const BLOCK_BYTES = 1024 * 1024
const block = Buffer.allocUnsafe(BLOCK_BYTES)
/** id → { file, hash, length }: the uploads being followed. */
const uploads = new Map()

/** Hashes `state`'s file from where it stopped up to `upTo` bytes; false when the file ends first. */
function catchUp(state, upTo) {
  if (state.length >= upTo) return true
  const fd = openSync(state.file, 'r')
  try {
    while (state.length < upTo) {
      const read = readSync(fd, block, 0, Math.min(BLOCK_BYTES, upTo - state.length), state.length)
      if (read === 0) return false
      state.hash.update(block.subarray(0, read))
      state.length += read
    }
    return fstatSync(fd).size === upTo
  } finally {
    closeSync(fd)
  }
}

parentPort.on('message', (message) => {
  const { type, id } = message
  if (type === 'forget') {
    uploads.delete(id)
    return
  }
  let state = uploads.get(id)
  if (!state) {
    // Uploads abandoned in this process stay until their clean-up forgets them; a bound keeps it small.
    if (uploads.size >= 1000) uploads.clear()
    state = { file: message.file, hash: createHash('sha256'), length: 0 }
    uploads.set(id, state)
  }
  if (type === 'grown') {
    try {
      catchUp(state, message.length)
    } catch {
      // The file went away (the upload was cancelled or cleaned): nothing to follow any more.
      uploads.delete(id)
    }
    return
  }
  // 'digest'
  uploads.delete(id)
  let sha256 = null
  try {
    if (catchUp(state, message.size) && state.length === message.size) sha256 = state.hash.digest('hex')
  } catch {
    sha256 = null
  }
  parentPort.postMessage({ ticket: message.ticket, sha256 })
})
