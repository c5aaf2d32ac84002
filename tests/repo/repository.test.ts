import { describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** The Node version the README tells a newcomer to install ("Requires Node 20.19+"). */
function readmeNode() {
  const match = /Requires Node (\d+\.\d+)\+/.exec(read('README.md'))
  if (!match) throw new Error('README.md no longer says which Node it requires ("Requires Node X.Y+").')
  return `${match[1]}.0`
}

describe('the Node version the README names', () => {
  it('is the one package.json asks for', () => {
    const engines = JSON.parse(read('package.json')).engines.node as string
    expect(semver.minVersion(engines)?.version).toBe(readmeNode())
  })

  it('is accepted by every installed package (npm warns EBADENGINE otherwise)', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { optional?: boolean; engines?: { node?: string } | string[] }> }
    const node = readmeNode()
    const refusing = Object.entries(lock.packages)
      // npm leaves out an optional package (a platform binary) whose engines refuse this Node.
      .filter(([name, entry]) => name !== '' && !entry.optional)
      .flatMap(([name, entry]) => {
        const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined
        return range && !semver.satisfies(node, range) ? [`${name.replace(/^.*node_modules\//, '')} wants node ${range}`] : []
      })
    expect(refusing).toEqual([])
  })
})

describe('the documentation', () => {
  const markdown = ['README.md', ...readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file))]

  it('describes the product inside the repository', () => {
    expect(existsSync(path.join(root, 'docs/SPEC.md'))).toBe(true)
    expect(read('README.md')).toContain('docs/SPEC.md')
  })

  it.each(markdown)('%s links and points only to files inside the repository', (file) => {
    const text = read(file)
    const resolve = (target: string) => path.resolve(path.dirname(path.join(root, file)), target)
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((target) => !/^[a-z]+:/i.test(target))
    for (const target of links) expect(existsSync(resolve(target)), `${file} links to a missing file: ${target}`).toBe(true)
    // Paths written as code, like `../shared/SPEC.md`, are pointers too (`./data` may not exist yet).
    const pointers = [...links, ...[...text.matchAll(/`(\.\.\/[^`\s]+)`/g)].map((m) => m[1])]
    for (const target of pointers) {
      expect(resolve(target).startsWith(root + path.sep), `${file} points outside the repository: ${target}`).toBe(true)
    }
  })
})
