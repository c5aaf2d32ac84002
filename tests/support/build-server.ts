import { buildServer } from '../../server/build'

const globals = globalThis as { bandroomServerBuild?: Promise<void> }

/**
 * Global set-up of the projects that start server processes (server-pglite, server-postgres,
 * e2e): compiles the server from the sources as `npm run build` does (~0.5 s), once per run
 * whichever projects run, so the processes run the code under test as production runs it
 * (plain Node, no tsx).
 */
export default async function setup() {
  await (globals.bandroomServerBuild ??= buildServer())
}
