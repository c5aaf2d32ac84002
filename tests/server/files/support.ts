import { createHash } from 'node:crypto'

/** Small real files of each kind, built in code (no binary fixtures in the repository). */
export const samples = {
  /** A 1×1 PNG. */
  png: () => Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  /** A one-page PDF that says "Rules". */
  pdf: () => minimalPdf('Club rules'),
  /** `seconds` of a 440 Hz tone as 8 kHz mono 16-bit WAV: plays and seeks in a browser. */
  wav: (seconds = 2) => wavTone(seconds),
  /** MPEG audio frames (silence). */
  mp3: () => Buffer.concat(Array.from({ length: 20 }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]))),
  /** A Windows program's first bytes (MZ … PE). */
  exe: () => {
    const bytes = Buffer.alloc(1024)
    bytes.write('MZ', 0, 'latin1')
    bytes.writeUInt32LE(0x80, 0x3c)
    bytes.write('PE\0\0', 0x80, 'latin1')
    return bytes
  },
  html: () => Buffer.from('<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(1)</script></body></html>\n'),
  text: (body = 'Minutes of the meeting\n') => Buffer.from(body),
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

export function minimalPdf(words: string) {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  const stream = `BT /F1 24 Tf 20 60 Td (${words}) Tj ET`
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out))
    out += `${index + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out)
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

function wavTone(seconds: number) {
  const rate = 8000
  const samples = rate * seconds
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i += 1) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8, 'latin1')
  header.write('fmt ', 12, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** tus Upload-Metadata: `key base64(value)` pairs. */
export const tusMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')

/** A tus client over fetch for a listening server: create, send, ask, as the protocol says. */
export function tusClient(baseURL: string, headers: Record<string, string>) {
  const tus = { 'tus-resumable': '1.0.0', ...headers }
  return {
    async create(size: number, metadata: Record<string, string>) {
      const response = await fetch(`${baseURL}/api/files/uploads`, { method: 'POST', headers: { ...tus, 'upload-length': String(size), 'upload-metadata': tusMetadata(metadata) } })
      return { status: response.status, location: response.headers.get('location'), body: await response.text() }
    },
    async patch(location: string, offset: number, bytes: Buffer) {
      const response = await fetch(`${baseURL}${location}`, {
        method: 'PATCH',
        headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(bytes),
      })
      return { status: response.status, offset: Number(response.headers.get('upload-offset')), body: await response.text() }
    },
    async head(location: string) {
      const response = await fetch(`${baseURL}${location}`, { method: 'HEAD', headers: tus })
      return { status: response.status, offset: Number(response.headers.get('upload-offset')), length: Number(response.headers.get('upload-length')) }
    },
    /** Creates and sends a whole file; resolves with the last answer. */
    async upload(bytes: Buffer, metadata: Record<string, string>) {
      const created = await this.create(bytes.length, metadata)
      if (created.status !== 201) return { status: created.status, body: created.body, location: null }
      const sent = await this.patch(created.location!, 0, bytes)
      return { status: sent.status, body: sent.body, location: created.location }
    },
  }
}
