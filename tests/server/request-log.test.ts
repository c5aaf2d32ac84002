import { Writable } from 'node:stream'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { prettyLine, prettyLogStream, RequestLogController } from '../../server/src/http/request-log'
import { createTestApp, type TestApp } from './support/test-app'

/**
 * The request log as `npm start` writes it (issue 33 item 19): one line per request, and a
 * client that went away in the middle of a file is a line without a stack.
 */
let t: TestApp
let baseURL: string
const lines: string[] = []
const spaDir = mkdtempSync(path.join(tmpdir(), 'bandroom-request-log-'))
const big = randomBytes(16 * 1024 * 1024)

beforeAll(async () => {
  mkdirSync(path.join(spaDir, 'assets'))
  writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Bandroom</title>')
  writeFileSync(path.join(spaDir, 'assets', 'big-0123abcd.js'), big)
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  t = await createTestApp({ logger: { level: 'info', stream }, spaDir })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  baseURL = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
})
afterAll(async () => {
  await t.close()
  rmSync(spaDir, { recursive: true, force: true })
})

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string })

describe('the request log', () => {
  it('has one line per request, with its method, address, status and time', async () => {
    lines.length = 0
    expect((await fetch(`${baseURL}/api/health`)).status).toBe(200)
    expect((await fetch(`${baseURL}/api/nothing-here`)).status).toBe(404)
    await expect.poll(() => lines.length).toBeGreaterThanOrEqual(2)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const logged = entries()
    expect(logged).toHaveLength(2)
    expect(logged[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } })
    expect(logged[0]!.responseTime).toEqual(expect.any(Number))
    expect(logged[1]).toMatchObject({ msg: 'request completed', req: { method: 'GET', url: '/api/nothing-here' }, res: { statusCode: 404 } })
  })

  it('says in one line without a stack that a client left in the middle of a file', async () => {
    lines.length = 0
    await new Promise<void>((resolve, reject) => {
      const asked = request(`${baseURL}/assets/big-0123abcd.js`, (response) => {
        response.once('data', () => {
          asked.destroy()
          resolve()
        })
      })
      asked.on('error', () => resolve())
      asked.setTimeout(5000, () => reject(new Error('no answer')))
      asked.end()
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    const logged = entries()
    expect(logged).toEqual([expect.objectContaining({ level: 30, msg: 'client went away', req: expect.objectContaining({ url: '/assets/big-0123abcd.js' }) })])
    expect(lines.join('\n')).not.toMatch(/"err"|"stack"|\n\s+at /)
  })

  it('logs a broken connection under an answer already started as the client leaving, without its error', () => {
    const logged: Array<[string, Record<string, unknown>, string]> = []
    const log = Object.fromEntries(['info', 'warn', 'error'].map((level) => [level, (object: Record<string, unknown>, message: string) => logged.push([level, object, message])]))
    const request = { raw: { socket: { destroyed: true }, destroyed: true } } as unknown as FastifyRequest
    const reply = { log, elapsedTime: 12 } as unknown as FastifyReply
    const controller = new RequestLogController()
    controller.streamError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), request, reply)
    controller.streamError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }), request, reply)
    expect(logged.map(([level, object, message]) => [level, 'err' in object, message])).toEqual([
      ['info', false, 'client went away'],
      ['info', false, 'client went away'],
    ])
  })
})

describe('the log in a terminal', () => {
  const at = new Date(2026, 10, 28, 10, 4, 5).getTime()
  it('is one short line per request, the message and fields for anything else, an error’s stack under it', () => {
    const request = JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'vm', reqId: 'req-1', req: { method: 'GET', url: '/api/me', host: 'x', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 }, responseTime: 3.4, msg: 'request completed' })
    expect(prettyLine(request)).toBe('10:04:05 INFO  GET /api/me 200 3 ms')
    const warning = JSON.stringify({ level: 40, time: at, pid: 1, hostname: 'vm', uploadId: 'abc', msg: 'could not release an upload lock', err: { message: 'gone', stack: 'Error: gone\n    at x (y.ts:1:1)' } })
    expect(prettyLine(warning)).toBe('10:04:05 WARN  could not release an upload lock uploadId=abc\n    Error: gone\n        at x (y.ts:1:1)')
    expect(prettyLine('not JSON')).toBe('not JSON')
  })

  it('is written line by line to the terminal', async () => {
    const written: string[] = []
    const out = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk))
        done()
      },
    })
    const stream = prettyLogStream(out)
    const line = JSON.stringify({ level: 30, time: at, msg: 'shutting down', signal: 'SIGTERM' })
    stream.write(`${line}\n${line.slice(0, 10)}`)
    stream.write(`${line.slice(10)}\n`)
    await new Promise((resolve) => stream.end(resolve))
    expect(written).toEqual(['10:04:05 INFO  shutting down signal=SIGTERM\n', '10:04:05 INFO  shutting down signal=SIGTERM\n'])
  })
})
