/** The folder qarx keeps downloads and tags in (a module of its own: tag caching and fingerprints need it without the model runtime). */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where Hub downloads and tag caches are kept: --cache-dir, else $QARX_CACHE_DIR, else ~/.cache/qarx. */
export const cacheDirOf = (cacheDir?: string): string => cacheDir ?? process.env.QARX_CACHE_DIR ?? join(homedir(), '.cache', 'qarx');
