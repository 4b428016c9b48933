/** The served app's security headers, generated in one place for dev, preview and static hosts. */
import { describe, expect, it } from 'vitest';
import { connectSrcFromEnv, contentSecurityPolicy, headersFile, HUB_AND_WIKIPEDIA_CONNECT_SRC, securityHeaders } from '../../scripts/security-headers.ts';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))?.slice(name.length + 1).split(' ');

describe('contentSecurityPolicy', () => {
  it.each([
    { name: 'served app', o: {}, script: ["'self'", "'wasm-unsafe-eval'", 'blob:'], connect: ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'], style: ["'self'"] },
    { name: 'dev server (React refresh preamble, HMR socket)', o: { dev: true }, script: ["'self'", "'wasm-unsafe-eval'", 'blob:', "'unsafe-inline'"], connect: ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*', 'ws://localhost:*', 'ws://127.0.0.1:*'], style: ["'self'", "'unsafe-inline'"] },
    { name: 'narrowed to the Hub and Wikipedia', o: { connectSrc: HUB_AND_WIKIPEDIA_CONNECT_SRC }, script: ["'self'", "'wasm-unsafe-eval'", 'blob:'], connect: HUB_AND_WIKIPEDIA_CONNECT_SRC, style: ["'self'"] },
  ])('$name', ({ o, script, connect, style }) => {
    const csp = contentSecurityPolicy(o);
    expect(directive(csp, 'script-src')).toEqual(script);
    expect(directive(csp, 'connect-src')).toEqual(connect);
    expect(directive(csp, 'style-src')).toEqual(style);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
  });
});

describe('connectSrcFromEnv', () => {
  it.each([
    { value: undefined, list: undefined },
    { value: '  ', list: undefined },
    { value: "'self' https://huggingface.co  https://*.wikipedia.org", list: ["'self'", 'https://huggingface.co', 'https://*.wikipedia.org'] },
  ])('$value → $list', ({ value, list }) => {
    expect(connectSrcFromEnv(value)).toEqual(list);
  });
});

describe('headers', () => {
  it('adds nosniff, no referrer, no framing and cross-origin isolation', () => {
    const h = securityHeaders();
    expect(h).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'X-Frame-Options': 'DENY', 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' });
  });

  it('writes the _headers file of static hosts with every header for every path', () => {
    const lines = headersFile().split('\n');
    expect(lines[0]).toBe('/*');
    expect(lines.filter((l) => l.startsWith('  ')).map((l) => l.trim().split(':')[0])).toEqual(Object.keys(securityHeaders()));
  });
});
