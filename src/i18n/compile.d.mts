export declare const projectDir: string
export declare const outDir: string
export declare const testsOutDir: string
export declare function compileMessages(options?: { force?: boolean }): Promise<boolean>
