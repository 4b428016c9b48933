/**
 * The security headers of the served app, generated from one place for the dev server, `vite
 * preview` (`npm start`) and static hosts (`dist/_headers`, the format Netlify and Cloudflare Pages
 * read). The Content-Security-Policy allows only what the app needs:
 *
 * - scripts and workers from the app's own origin, plus 'wasm-unsafe-eval' to compile ONNX
 *   Runtime's WebAssembly (self-hosted in /ort/), and blob: URLs, which only this page can mint:
 *   on WebGPU transformers.js imports ONNX Runtime's module and starts its threads from one;
 * - connections to the model host and MediaWiki API the user chooses at run time (`?hub=`,
 *   `?wiki=`, the Model host field) and to any dataset URL they paste. A static header cannot know
 *   those, so connect-src allows HTTPS hosts and this machine by default, and `QARX_CONNECT_SRC`
 *   narrows it to a fixed list for a deployment that only talks to known hosts;
 * - no plug-ins, no framing (frame-ancestors 'none'), no <base> or form targets elsewhere.
 */

/** connect-src when nothing narrower is configured: any HTTPS host, and local servers (mirrors, mocks). */
export const DEFAULT_CONNECT_SRC = ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'];

/** A tight connect-src for a deployment using only the Hugging Face Hub and Wikipedia. */
export const HUB_AND_WIKIPEDIA_CONNECT_SRC = ["'self'", 'https://huggingface.co', 'https://*.huggingface.co', 'https://*.hf.co', 'https://*.wikipedia.org'];

export interface PolicyOptions {
  /** The Vite dev server: its inline React-refresh preamble, inline styles and HMR socket. */
  dev?: boolean;
  /** Sources for connect-src (default DEFAULT_CONNECT_SRC). */
  connectSrc?: readonly string[];
}

/** The Content-Security-Policy header value, e.g. contentSecurityPolicy({}) starts with "default-src 'self'". */
export function contentSecurityPolicy(o: PolicyOptions = {}): string {
  const connect = [...(o.connectSrc ?? DEFAULT_CONNECT_SRC), ...(o.dev ? ['ws://localhost:*', 'ws://127.0.0.1:*'] : [])];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // blob:: on WebGPU, transformers.js imports ONNX Runtime's JSEP module (and its thread workers) from a blob URL.
    ['script-src', ["'self'", "'wasm-unsafe-eval'", 'blob:', ...(o.dev ? ["'unsafe-inline'"] : [])]],
    ['worker-src', ["'self'", 'blob:']],
    ['connect-src', connect],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['style-src', ["'self'", ...(o.dev ? ["'unsafe-inline'"] : [])]],
    ['font-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');
}

/** The connect-src list from `QARX_CONNECT_SRC` (space-separated), or undefined when unset. */
export function connectSrcFromEnv(value: string | undefined): string[] | undefined {
  const list = (value ?? '').split(/\s+/).filter(Boolean);
  return list.length ? list : undefined;
}

/** Cross-origin isolation: lets ONNX Runtime use wasm threads (SharedArrayBuffer). */
export const ISOLATION_HEADERS: Record<string, string> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Every header the app is served with. */
export function securityHeaders(o: PolicyOptions = {}): Record<string, string> {
  return {
    ...ISOLATION_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy(o),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
  };
}

/** The `_headers` file of static hosts (Netlify, Cloudflare Pages): every path gets every header. */
export function headersFile(o: PolicyOptions = {}): string {
  return `/*\n${Object.entries(securityHeaders(o))
    .map(([k, v]) => `  ${k}: ${v}`)
    .join('\n')}\n`;
}
