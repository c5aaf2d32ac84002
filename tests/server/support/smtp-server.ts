import { createServer, type AddressInfo, type Socket } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  /** The raw message (headers and body) as the client sent it. */
  data: string
}

/**
 * A tiny SMTP server for tests: plain text, no auth, no STARTTLS. It keeps every message it
 * accepts; `refuse` makes it answer the message with a temporary failure instead.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = []
  const waiting: Array<() => void> = []
  const sockets = new Set<Socket>()
  const state = { refuse: false }

  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    socket.setEncoding('utf8')
    let buffer = ''
    let inData = false
    let mail: ReceivedMail = { from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 test-smtp ready')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      let end: number
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (inData) {
          if (line !== '.') {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`
            continue
          }
          inData = false
          if (state.refuse) reply('451 try again later')
          else {
            received.push(mail)
            reply('250 queued')
            waiting.splice(0).forEach((wake) => wake())
          }
          mail = { from: '', to: [], data: '' }
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO' || command === 'HELO') reply('250 test-smtp')
        else if (command === 'MAIL') {
          mail.from = line.slice(10)
          reply('250 ok')
        } else if (command === 'RCPT') {
          mail.to.push(line.slice(8))
          reply('250 ok')
        } else if (command === 'DATA') {
          inData = true
          reply('354 go ahead')
        } else if (command === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('250 ok')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** Resolves once `count` messages have been accepted in all. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((resolve) => waiting.push(resolve))
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
