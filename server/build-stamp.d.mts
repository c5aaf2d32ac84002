// Types of build-stamp.mjs (plain JavaScript, run by `npm start` without tsx).
export declare const STAMP_FILE: string
export declare const appInputs: string[]
export declare const serverInputs: string[]
export declare function hashInputs(root: string, inputs: readonly string[]): string
export declare function readStamp(outDir: string): string | undefined
export declare function writeStamp(outDir: string, hash: string): void
export declare function isUpToDate(root: string, outDir: string, inputs: readonly string[]): boolean
