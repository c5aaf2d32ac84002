// Types of build-if-changed.mjs (plain JavaScript, run by `npm start` without tsx).
export declare function staleBuilds(at?: string): Array<{ name: 'app' | 'server'; outDir: string; inputs: string[]; command: string[] }>
