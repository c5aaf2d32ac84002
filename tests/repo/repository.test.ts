import { describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** The lowest version of each Node line package.json accepts (`^20.19.0 || ^22.13.0 || >=24.0.0` → 20.19.0, 22.13.0, 24.0.0). */
function supportedNodes() {
  const engines = JSON.parse(read('package.json')).engines.node as string
  return new semver.Range(engines).set.map((comparators) => comparators.find((comparator) => comparator.operator === '>=')!.semver.version)
}

/** The README's "Supported Node versions" section. */
function readmeNodeSection() {
  const match = /## Supported Node versions\n([\s\S]*?)\n## /.exec(read('README.md'))
  if (!match) throw new Error('README.md no longer has its "Supported Node versions" section.')
  return match[1]!
}

describe('the Node versions package.json accepts', () => {
  it('are the ones the README names, from 20.19 up', () => {
    const versions = supportedNodes()
    expect(versions[0]).toBe('20.19.0')
    expect(versions.map((version) => semver.major(version))).toEqual([20, 22, 24])
    const section = readmeNodeSection()
    for (const version of versions) {
      const { major, minor } = semver.parse(version)!
      expect(section, `the README does not name Node ${major}`).toContain(minor ? `Node ${major}.${minor}` : `Node ${major}`)
    }
  })

  it.each(supportedNodes())('Node %s is accepted by every installed package (npm warns EBADENGINE otherwise)', (node) => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { optional?: boolean; engines?: { node?: string } | string[] }> }
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
