/** Types of scripts/build-key.mjs (plain JS so that `npm start` runs it without tsx). */
export declare const STAMP: string;
export declare const NOT_INPUTS: readonly string[];
export declare function buildEnv(env: Record<string, string | undefined>): [string, string][];
export declare function inputFiles(root: string): string[];
export declare function buildKey(root: string, env: Record<string, string | undefined>): string;
export declare function writeStamp(dist: string, key: string): void;
export declare function checkStamp(dist: string, key: string): { upToDate: true } | { upToDate: false; why: string };
