import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { createTestApp, type TestApp } from './support/test-app'

let t: TestApp
const spaDir = mkdtempSync(path.join(tmpdir(), 'bandroom-spa-'))
mkdirSync(path.join(spaDir, 'assets'))
writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>Bandroom</title>')
writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('bandroom '.repeat(500))})`)
writeFileSync(path.join(spaDir, 'sw.js'), 'self.skipWaiting()')
// A public page's own copy of index.html (vite.config.ts, `pagePreloads`).
mkdirSync(path.join(spaDir, 'pages'))
writeFileSync(path.join(spaDir, 'pages', 'login.html'), '<!doctype html><title>Bandroom</title><link rel="modulepreload" href="/assets/login-abc.js">')
// As the build leaves them (vite.config.ts, `precompress`): a `.br` and a `.gz` beside the file.
const builtScript = `console.log(${JSON.stringify('band room '.repeat(500))})`
const builtBrotli = zlib.brotliCompressSync(builtScript)
const builtGzip = zlib.gzipSync(builtScript, { level: 9 })
writeFileSync(path.join(spaDir, 'assets', 'app-def456.js'), builtScript)
writeFileSync(path.join(spaDir, 'assets', 'app-def456.js.br'), builtBrotli)
writeFileSync(path.join(spaDir, 'assets', 'app-def456.js.gz'), builtGzip)

beforeAll(async () => {
  t = await createTestApp({
    spaDir,
    beforeReady(app) {
      app.get('/api/test-boom', async () => {
        throw new Error('secret internal detail at /srv/bandroom/db.ts:42')
      })
    },
  })
})
afterAll(() => t.close())

describe('health and OpenAPI', () => {
  it('reports the database reachable', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', database: 'up' })
  })

  it('serves an OpenAPI document generated from the zod schemas', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.0.3')
    const login = document.paths['/api/login'].post
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password'])
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/refresh', '/api/logout', '/api/me']))
    expect(document.paths['/api/me'].get.security).toEqual([{ bearer: [] }])
  })
})

describe('errors', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/no-such-thing', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('NOT_FOUND')
  })

  it('never leaks internals in a 500', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/test-boom' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: expect.any(String) } })
    expect(response.body).not.toContain('secret internal detail')
  })
})

describe('the built SPA', () => {
  it('answers client-side routes with index.html, revalidated', async () => {
    const response = await t.inject({ method: 'GET', url: '/room-schedule?week=2026-06-01', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>Bandroom</title>')
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it("answers a direct visit to a public page with its own copy, which names the page's chunks", async () => {
    for (const url of ['/login', '/login?redirect=%2Fbands']) {
      const page = await t.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(page.statusCode, url).toBe(200)
      expect(page.body, url).toContain('login-abc.js')
      expect(page.headers['cache-control']).toBe('no-cache')
    }
    for (const url of ['/register', '/login/elsewhere', '/']) {
      const other = await t.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(other.statusCode, url).toBe(200)
      expect(other.body, url).not.toContain('modulepreload')
    }
  })

  it('answers the root address with the app, with or without a query, and the assets folder with 404 even for a browser', async () => {
    for (const url of ['/', '/?utm_source=poster']) {
      const root = await t.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } })
      expect(root.statusCode, url).toBe(200)
      expect(root.body).toContain('<title>Bandroom</title>')
    }
    for (const url of ['/assets/', '/assets', '/assets/index-old.js']) {
      const folder = await t.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(folder.statusCode, url).toBe(404)
    }
  })

  it('caches hashed assets for a year but always revalidates the service worker', async () => {
    const asset = await t.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    const worker = await t.inject({ method: 'GET', url: '/sw.js' })
    expect(worker.headers['cache-control']).toBe('no-cache')
  })

  it('sends a script only the headers that mean something on it, and pages and the worker the full policy', async () => {
    const asset = await t.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.headers['x-content-type-options']).toBe('nosniff')
    expect(asset.headers['content-security-policy']).toBeUndefined()
    expect(asset.headers['x-frame-options']).toBeUndefined()
    for (const url of ['/', '/login', '/sw.js']) {
      const response = await t.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(String(response.headers['content-security-policy']), url).toContain("script-src 'self'")
    }
  })

  it('compresses the app and API answers for browsers that accept it', async () => {
    const asset = await t.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } })
    expect(asset.headers['content-encoding']).toBe('br')
    expect(asset.rawPayload.length).toBeLessThan(1000)
    const gzip = await t.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const plain = await t.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
  })

  it("sends the build's own compressed copy of a file when the browser accepts it", async () => {
    const brotli = await t.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toContain('javascript')
    expect(brotli.headers['cache-control']).toContain('immutable')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotli.rawPayload.equals(builtBrotli)).toBe(true)
    const gzip = await t.inject({ method: 'GET', url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.rawPayload.equals(builtGzip)).toBe(true)
    const plain = await t.inject({ method: 'GET', url: '/assets/app-def456.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(builtScript)
  })

  it('sends security headers with a strict script policy', async () => {
    const response = await t.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('does not answer a non-page request for a missing file with HTML', async () => {
    const response = await t.inject({ method: 'GET', url: '/missing.png', headers: { accept: 'image/png' } })
    expect(response.statusCode).toBe(404)
  })
})
