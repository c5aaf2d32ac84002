import { afterEach, expect, it } from 'vitest'
import { connect } from 'node:net'
import { CONNECTION_LIMITS, type ConnectionLimits } from '../../server/src/http/connection-limits'
import { createTestApp, type TestApp } from './support/test-app'

// The real HTTP server on a loopback port, with raw sockets playing the slow clients.
// Measured before the limits: trickling clients held 90 s, an idle keep-alive one 73 s; after: 11 s.
let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function listen(limits?: Partial<ConnectionLimits>) {
  t = await createTestApp({ connectionLimits: limits })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return (t.app.server.address() as { port: number }).port
}

/** A socket and the time the server closed it (null while open); `from` is a loopback address to connect from. */
function open(port: number, from?: string) {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from })
  const state = { socket, openedAt: Date.now(), closedAt: null as number | null, received: '' }
  socket.on('data', (chunk) => (state.received += chunk.toString()))
  socket.on('error', () => {})
  socket.on('close', () => (state.closedAt = Date.now()))
  return new Promise<typeof state>((resolve) => socket.once('connect', () => resolve(state)))
}

const health = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`)).status
const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
}

it('closes connections that trickle their headers, and idle keep-alive ones, within seconds while others are served', async () => {
  const port = await listen()
  // From an address of their own: 200 is as many as one address may hold.
  const slow = await Promise.all(Array.from({ length: 200 }, () => open(port, '127.0.0.2')))
  for (const client of slow) client.socket.write('GET /api/health HTTP/1.1\r\nHost: bandroom\r\n')
  const trickle = setInterval(() => {
    for (const client of slow) if (client.closedAt === null) client.socket.write('X-Slow: a\r\n')
  }, 500)

  // A client that made one request and then says nothing more on its keep-alive connection.
  const idle = await open(port)
  idle.socket.write('GET /api/health HTTP/1.1\r\nHost: bandroom\r\n\r\n')

  try {
    expect(await health(port)).toBe(200)
    const limit = Math.max(CONNECTION_LIMITS.headersTimeoutMs, CONNECTION_LIMITS.keepAliveTimeoutMs)
    await until(() => [...slow, idle].every((client) => client.closedAt !== null), limit + 5_000)
    expect(await health(port)).toBe(200)
  } finally {
    clearInterval(trickle)
  }
  const held = slow.map((client) => (client.closedAt ?? Infinity) - client.openedAt)
  expect(Math.max(...held)).toBeLessThanOrEqual(CONNECTION_LIMITS.headersTimeoutMs + 3_000)
  expect(slow[0]!.received).toMatch(/^HTTP\/1\.1 408/)
  expect(idle.received).toMatch(/^HTTP\/1\.1 200/)
  expect(idle.closedAt! - idle.openedAt).toBeLessThanOrEqual(CONNECTION_LIMITS.keepAliveTimeoutMs + 3_000)
})

it('refuses connections past the cap at once and serves again when they go', async () => {
  const port = await listen({ maxConnections: 20 })
  const held: Array<Awaited<ReturnType<typeof open>>> = await Promise.all(Array.from({ length: 20 }, () => open(port)))
  await new Promise((resolve) => setTimeout(resolve, 200))
  const extra = await Promise.all(Array.from({ length: 5 }, () => open(port)))
  await until(() => extra.every((client) => client.closedAt !== null), 2_000)
  expect(extra.map((client) => client.closedAt !== null)).toEqual([true, true, true, true, true])
  expect(held.every((client) => client.closedAt === null)).toBe(true)

  for (const client of held) client.socket.destroy()
  await until(() => held.every((client) => client.closedAt !== null), 2_000)
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(await health(port)).toBe(200)
})

it('keeps one address to its share of connections, so a flood from it leaves room for everyone else', async () => {
  const port = await listen({ maxConnections: 40, maxConnectionsPerAddress: 10 })
  // One address (127.0.0.2) opens the whole cap's worth of connections and trickles headers.
  const flood = await Promise.all(Array.from({ length: 40 }, () => open(port, '127.0.0.2')))
  try {
    for (const client of flood) client.socket.write('GET /api/health HTTP/1.1\r\nHost: bandroom\r\n')
    await until(() => flood.filter((client) => client.closedAt !== null).length >= 30, 2_000)
    // Its connections past its share are closed at once; the ones it keeps stay open.
    expect(flood.filter((client) => client.closedAt !== null)).toHaveLength(30)

    // Someone else (127.0.0.1) is answered at once, many times over.
    const started = Date.now()
    const answers = await Promise.all(Array.from({ length: 5 }, () => health(port).catch(() => 'refused')))
    expect(answers).toEqual([200, 200, 200, 200, 200])
    expect(Date.now() - started).toBeLessThan(1_000)
  } finally {
    for (const client of flood) client.socket.destroy()
  }
})

it('shares the connections among addresses below the cap by default', () => {
  expect(CONNECTION_LIMITS.maxConnectionsPerAddress).toBeLessThanOrEqual(CONNECTION_LIMITS.maxConnections / 10)
})
