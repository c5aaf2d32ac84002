import { describe } from 'vitest'

/**
 * Every e2e file (`tests/e2e/<area>.e2e.ts`), as the parts of this one test file. They share one
 * server and one club, so they run one after another; as one file, they run beside the other
 * projects' files. A project whose files must run one at a time is run by vitest after every
 * other project, alone: on two cores, 8 minutes with one core mostly idle (measured).
 * A sequencer in `vite.config.ts` starts this file first, since it is the longest.
 *
 * `E2E=accounts,bands npx vitest run --project e2e` runs only those areas.
 */
const areas = import.meta.glob('./*.e2e.ts')
const areaOf = (file: string) => file.slice('./'.length, -'.e2e.ts'.length)
const only = process.env.E2E?.split(',').map((area) => area.trim()).filter(Boolean)
const unknown = only?.filter((area) => !(`./${area}.e2e.ts` in areas)) ?? []
if (unknown.length) throw new Error(`E2E names no such area: ${unknown.join(', ')} (the areas: ${Object.keys(areas).map(areaOf).join(', ')})`)

for (const [file, load] of Object.entries(areas)) {
  const area = areaOf(file)
  if (only && !only.includes(area)) continue
  // The file's hooks and tests are collected into this block as it loads.
  describe(area, async () => {
    await load()
  })
}
