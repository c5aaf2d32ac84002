import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Vitest's order (failed first, then the slowest known, then the largest file), with the e2e
 * file first: it is one file of about 8 minutes (`tests/e2e/screens.test.ts`), and started last
 * it would run alone at the end. A fresh clone has no timings, so the default would put that
 * small file last.
 */
export default class E2eFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return [...sorted.filter((file) => file.project.name === 'e2e'), ...sorted.filter((file) => file.project.name !== 'e2e')]
  }
}
