import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { fileTypeFromFile } from 'file-type'
import { extensionOf, fileKinds, type FileKind, type FileKindId } from '../../../src/contract/files'
import { m } from '../../../src/i18n/paraglide/messages.js'

/** The SHA-256 of a file, read as a stream (1 MiB at a time): memory stays flat whatever its size. */
export async function sha256Of(filePath: string) {
  const hash = createHash('sha256')
  await pipeline(createReadStream(filePath, { highWaterMark: 1024 * 1024 }), hash)
  return hash.digest('hex')
}

const TEXT_PROBE_BYTES = 64 * 1024

/** Whether a file with no recognised signature reads as text: its first 64 KiB are UTF-8 without NUL. */
async function looksLikeText(filePath: string) {
  const handle = await open(filePath, 'r')
  try {
    const buffer = Buffer.alloc(TEXT_PROBE_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, TEXT_PROBE_BYTES, 0)
    const head = buffer.subarray(0, bytesRead)
    if (head.includes(0)) return false
    // `stream: true` lets a character cut at the probe's end pass; a broken one inside does not.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true })
    return true
  } catch {
    return false
  } finally {
    await handle.close()
  }
}

/** Names a file of a detected type may also end in, beside file-type's own extension. */
const extensionAliases: Record<string, string[]> = { jpg: ['jpeg'], ogg: ['oga'], mp4: ['m4v'], m4a: ['mp4'], tif: ['tiff'] }

const kindNames = (kinds: readonly FileKind[]) => kinds.map((kind) => kind.label).join(m.files_list_separator())

export type TypeCheck = { ok: true; type: string } | { ok: false; message: string }

/**
 * The real type of an upload, read from its first bytes (file-type), checked against the kinds
 * the club allows and against the file's own name: the content must be an allowed kind, and the
 * name must end as that kind's files do. So an `.mp3` that is a program and a `.pdf` that is a
 * web page are both refused, with a sentence that says why.
 */
export async function checkFileType(filePath: string, name: string, allowedIds: readonly FileKindId[]): Promise<TypeCheck> {
  const allowed = fileKinds.filter((kind) => allowedIds.includes(kind.id))
  const extension = extensionOf(name)
  const detected = await fileTypeFromFile(filePath)
  let type: string
  let kind: FileKind | undefined
  if (detected) {
    type = detected.mime
    kind = fileKinds.find((candidate) => (candidate.types as readonly string[]).includes(detected.mime))
    if (!kind) {
      return {
        ok: false,
        message: m.files_error_really_other_type({ name, ext: detected.ext, accepted: kindNames(allowed) }),
      }
    }
  } else if (await looksLikeText(filePath)) {
    type = 'text/plain'
    kind = fileKinds.find((candidate) => candidate.id === 'text')!
  } else {
    return {
      ok: false,
      message: m.files_error_no_kind({ name, accepted: kindNames(allowed) }),
    }
  }
  const fits = detected ? [detected.ext, ...(extensionAliases[detected.ext] ?? [])] : (kind.extensions as readonly string[])
  if (!fits.includes(extension)) {
    const expected = fits.map((ext) => `.${ext}`).join(m.files_list_separator())
    const says = extension ? m.files_name_ends_in({ ext: extension }) : m.files_name_no_extension()
    const content = kind.id === 'text' ? m.files_content_plain_text() : m.files_content_ext({ ext: detected!.ext })
    return {
      ok: false,
      message: m.files_error_name_mismatch({ name, content, says, expected }),
    }
  }
  if (!allowed.includes(kind)) {
    return {
      ok: false,
      message: m.files_error_kind_not_accepted({ kind: kind.label.toLowerCase(), accepted: kindNames(allowed) }),
    }
  }
  return { ok: true, type }
}
