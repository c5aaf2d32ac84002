import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { fileFolders, files } from '../db/schema'
import type { Executor } from '../db/transaction'
import type { FileStorage } from '../files/storage'
import type { Random } from './random'

const DAY = 24 * 60 * 60 * 1000

/** A one-page PDF showing `lines` (Helvetica, A4), with a correct cross-reference table. */
export function pdfOf(title: string, lines: string[]) {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`)
  const text = [`BT /F1 18 Tf 56 780 Td (${escape(title)}) Tj ET`, ...lines.map((line, index) => `BT /F1 11 Tf 56 ${740 - index * 18} Td (${escape(line)}) Tj ET`)].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/** A PNG (RGB, 8 bits) of `width` × `height` painted by `colour(x, y)`. */
export function pngOf(width: number, height: number, colour: (x: number, y: number) => [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(typed))
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(colour(x, y), y * (width * 3 + 1) + 1 + x * 3)
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

/** The demo's shared files: [folder or null, name, description, who may see it, days ago, contents]. */
function demoFileList(clubName: string, festivalTitle: string) {
  const poster = pngOf(240, 160, (x, y) => (((x >> 4) + (y >> 4)) % 2 === 0 ? [230, 90, 60] : [250, 220, 120]))
  const rules = [
    'Book a room at most two weeks ahead, in Bandroom.',
    'A band books at most four periods a week; personal practice two.',
    'Cancel in the app if you cannot come: someone else will take the slot.',
    'Leave the amplifiers at volume zero and switch them off.',
    'Put the drum kit back as you found it, and close the windows.',
  ]
  return [
    [null, 'Room rules.pdf', 'How the practice rooms work, agreed at the April meeting.', 'members', 40, pdfOf(`${clubName}: room rules`, rules)],
    [null, 'Club calendar.md', 'The term at a glance: lives, meetings and the room cleaning days.', 'members', 6, Buffer.from(`# ${clubName}\n\n- Every Friday: club meeting, 18:00, Studio A\n- ${festivalTitle}: see the timetable in Bandroom\n- December: Christmas live in the club room\n`)],
    ['Lives', `${festivalTitle} poster.png`, 'The poster for the notice boards (print it A3).', 'members', 3, poster],
    ['Lives', 'Stage plan.pdf', 'Where the amplifiers, monitors and the drum riser go in the Main hall.', 'members', 9, pdfOf('Stage plan: Main hall', ['Drums on the riser, centre back.', 'Bass amplifier stage left, guitar amplifiers stage right.', 'Four monitors along the front; the keyboard stand stage left.'])],
    ['Scores', 'Chord chart - Rewrite.txt', 'Chords for the club session song.', 'members', 12, Buffer.from('Rewrite (ASIAN KUNG-FU GENERATION)\n\nIntro:  Em  C  G  D\nVerse:  Em  C  G  D  x2\nChorus: C  D  Em  G  C  D  Em\n')],
    ['Executives', `Budget ${festivalTitle.slice(-4)}.csv`, 'This year’s budget, for the treasurer’s report.', 'executives', 2, Buffer.from('item,planned (yen),spent (yen)\nStrings and drumsticks,30000,18400\nNew snare drum,45000,0\nFestival stage hire,120000,120000\nChristmas live,20000,0\n')],
  ] as const
}

/**
 * A few shared files (SPEC §5.8) stored as an upload stores them: the bytes under a new key in
 * the file storage, then the row saying what they are (type, size, SHA-256), in folders, most
 * uploaded in the last two weeks (the dashboard's "new files"), one for executives only.
 */
export async function addDemoFiles(
  db: Executor,
  random: Random,
  options: { now: Date; storage: FileStorage; uploaders: string[]; clubName: string; festivalTitle: string },
) {
  const folderNames = ['Lives', 'Scores', 'Executives']
  const folders = await db
    .insert(fileFolders)
    .values(folderNames.map((name) => ({ name, createdBy: options.uploaders[0]!, createdAt: new Date(options.now.getTime() - 60 * DAY), updatedAt: new Date(options.now.getTime() - 60 * DAY) })))
    .returning()
  const staging = await mkdtemp(path.join(tmpdir(), 'bandroom-demo-files-'))
  try {
    const rows: Array<typeof files.$inferInsert> = []
    for (const [folder, name, description, visibility, daysAgo, bytes] of demoFileList(options.clubName, options.festivalTitle)) {
      const id = crypto.randomUUID()
      const storageKey = crypto.randomUUID()
      const staged = path.join(staging, storageKey)
      await writeFile(staged, bytes)
      await options.storage.put(storageKey, staged)
      const createdAt = new Date(options.now.getTime() - daysAgo * DAY - random.int(1, 8 * 60) * 60_000)
      rows.push({
        id,
        folderId: folder ? folders.find((row) => row.name === folder)!.id : null,
        name,
        size: bytes.length,
        type: name.endsWith('.pdf') ? 'application/pdf' : name.endsWith('.png') ? 'image/png' : 'text/plain',
        sha256: createHash('sha256').update(bytes).digest('hex'),
        description,
        visibility,
        status: 'ready',
        storageKey,
        uploadedBy: random.pick(options.uploaders),
        lineageId: id,
        createdAt,
        updatedAt: createdAt,
      })
    }
    await db.insert(files).values(rows)
    return rows.length
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/**
 * After a load: the store keeps only the bytes of the files the database lists (a reset's
 * files, and the new load's if it failed, are gone), and, when the load went through, the
 * uploads in progress are dropped (the accounts and jobs they belonged to are gone).
 */
export async function removeOrphanedBytes(db: Executor, filesDir: string, { loaded }: { loaded: boolean }) {
  const listed = new Set((await db.select({ key: files.storageKey }).from(files)).map((row) => row.key))
  const entriesOf = (dir: string) =>
    readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[]
      throw error
    })
  const store = path.join(filesDir, 'store')
  const orphans = (await entriesOf(store)).filter((entry) => !listed.has(entry)).map((entry) => path.join(store, entry))
  const uploads = path.join(filesDir, 'uploads')
  if (loaded) orphans.push(...(await entriesOf(uploads)).map((entry) => path.join(uploads, entry)))
  for (const orphan of orphans) await rm(orphan, { recursive: true, force: true })
  return orphans.length
}
