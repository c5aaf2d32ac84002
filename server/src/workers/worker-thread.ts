import { workerTasks, type WorkerTasks } from './worker-tasks'

/** What a worker thread of the pool runs: one named task per message (worker-pool.ts). */
export default function run<K extends keyof WorkerTasks>({ task, input }: { task: K; input: Parameters<WorkerTasks[K]>[0] }) {
  return (workerTasks[task] as (input: Parameters<WorkerTasks[K]>[0]) => ReturnType<WorkerTasks[K]>)(input)
}
