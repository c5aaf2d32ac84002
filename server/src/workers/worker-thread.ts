import { isLanguage, type Language } from '../../../src/i18n/language'
import { inLanguage } from '../http/language'
import { workerTasks, type WorkerTasks } from './worker-tasks'

/**
 * What a worker thread of the pool runs: one named task per message (worker-pool.ts), worded in
 * the language the pool sent with it (the caller's): the messages of this thread read it from
 * the same AsyncLocalStorage as a request's (server/src/http/language.ts).
 */
export default function run<K extends keyof WorkerTasks>({ task, input, language }: { task: K; input: Parameters<WorkerTasks[K]>[0]; language?: Language }) {
  const work = () => (workerTasks[task] as (input: Parameters<WorkerTasks[K]>[0]) => ReturnType<WorkerTasks[K]>)(input)
  return isLanguage(language) ? inLanguage(language, work) : work()
}
