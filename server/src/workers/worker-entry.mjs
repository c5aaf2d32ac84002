// A worker thread of the pool (worker-pool.ts). Plain JavaScript because Node loads it as it
// is: it registers tsx so the TypeScript tasks (and what they import) load the same way under
// `tsx server/src/main.ts` and under vitest, then runs one named task per message.
import { register } from 'tsx/esm/api'

register()
const { workerTasks } = await import('./worker-tasks.ts')

export default function run({ task, input }) {
  return workerTasks[task](input)
}
