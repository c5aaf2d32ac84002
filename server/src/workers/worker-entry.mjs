// A worker thread of the pool (worker-pool.ts) when the server runs from its TypeScript sources
// (`npm run dev:server`, the tests): it registers tsx so worker-thread.ts and what it imports
// load as they do in the main thread. The compiled server (`npm run build`) has its own
// dist-server/worker-entry.mjs, worker-thread.ts bundled, loaded by plain Node.
import { register } from 'tsx/esm/api'

register()
const { default: run } = await import('./worker-thread.ts')

export default run
