import { describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ConfigError, loadConfig } from '../../server/src/config'

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'bandroom-config-'))

describe('loadConfig', () => {
  it('has working defaults: port 3000, PGlite in ./data', () => {
    const dataDir = tempDir()
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config).toMatchObject({ port: 3000, dataDir, databaseUrl: undefined, publicUrl: 'http://localhost:3000' })
  })

  it('generates a JWT secret once and keeps it in the data directory', () => {
    const dataDir = tempDir()
    const first = loadConfig({ DATA_DIR: dataDir })
    const second = loadConfig({ DATA_DIR: dataDir })
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true)
    const file = path.join(dataDir, 'jwt-secret')
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(48)
    expect(statSync(file).mode & 0o077).toBe(0)
  })

  it('stops with a message naming every wrong variable', () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', ADMIN_EMAIL: 'nope' })
    expect(attempt).toThrow(ConfigError)
    try {
      attempt()
    } catch (error) {
      const message = (error as Error).message
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'ADMIN_EMAIL']) expect(message).toContain(name)
    }
  })

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', PORT: '' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.port).toBe(3000)
  })
})
