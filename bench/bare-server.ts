import Fastify from 'fastify'

/**
 * The ceiling for `npm run bench`: a bare Fastify app (no plugins, hooks, auth or database)
 * answering constant JSON bodies. Each bench target is measured beside the bare route shaped
 * like it (same method, same body size), so "req/s ÷ bare req/s" is the share of what this
 * machine's Node and Fastify can do that the real endpoint reaches.
 *
 * - GET  /bare/get/:size               200, a constant JSON body of about `size` bytes
 * - POST /bare/bookings?size=N         201, a constant JSON body of about N bytes (the body is parsed)
 * - POST /bare/bookings/:id/cancel?size=N  200, likewise
 *
 * Started by bench/run.ts with PORT set; prints "listening <port>" once ready.
 */
const bodies = new Map<number, string>()

/** `{"ok":true,"pad":"xxx…"}` padded to `size` bytes (at least the small `{"ok":true}` shape). */
function bodyOf(size: number) {
  let body = bodies.get(size)
  if (!body) {
    const shell = JSON.stringify({ ok: true, id: '00000000-0000-4000-8000-000000000000', pad: '' })
    body = JSON.stringify({ ok: true, id: '00000000-0000-4000-8000-000000000000', pad: 'x'.repeat(Math.max(0, size - shell.length)) })
    bodies.set(size, body)
  }
  return body
}

const sizeOf = (value: unknown) => Math.min(Math.max(Number(value) || 0, 0), 1024 * 1024)

const app = Fastify({ logger: false })
app.get<{ Params: { size: string } }>('/bare/get/:size', (request, reply) => {
  reply.type('application/json; charset=utf-8').send(bodyOf(sizeOf(request.params.size)))
})
app.post<{ Querystring: { size?: string } }>('/bare/bookings', (request, reply) => {
  reply.status(201).type('application/json; charset=utf-8').send(bodyOf(sizeOf(request.query.size)))
})
app.post<{ Querystring: { size?: string } }>('/bare/bookings/:id/cancel', (request, reply) => {
  reply.type('application/json; charset=utf-8').send(bodyOf(sizeOf(request.query.size)))
})

const port = Number(process.env.PORT ?? 0)
const address = await app.listen({ port, host: '127.0.0.1' })
console.log(`listening ${new URL(address).port}`)
const stop = () => void app.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
