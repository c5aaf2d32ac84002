import { beforeAll } from 'vitest'

beforeAll(() => {
  const kind = process.env.TEST_DATABASE_KIND
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`TEST_DATABASE_KIND must be pglite or postgres, not ${kind}`)
  if (kind === 'postgres' && !process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is required for the postgres project')
})
