/** Build-time flags, replaced by Vite's `define` (vite.config.ts) and Vitest's (vitest.config.ts). */

/** True only in a test build (QARX_TEST_HOOKS=1): the page's worker-kill hooks and the workers' side of them. */
declare const __QARX_TEST_HOOKS__: boolean;
