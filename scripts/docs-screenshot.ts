/**
 * Takes the README's and the docs' screenshot (docs/public/screenshot.png) with the e2e harness:
 * the built app (`npm run build` first) served by `vite preview`, opened in Debian's Chromium on the
 * shipped model and the demo set, once the first answer is highlighted. Run: `npm run docs:screenshot`.
 */
import { join } from 'node:path';
import { launch, openApp, ROOT, startPreview } from '../test/e2e/harness.ts';

const OUT = join(ROOT, 'docs', 'public', 'screenshot.png');

/** Serves dist/, opens the app at 1440 × 900 and saves the viewport (not the whole page). */
async function main(): Promise<void> {
  const { server, url } = await startPreview();
  const browser = await launch(false);
  try {
    const errors: string[] = [];
    const page = await openApp(browser, url, 'device=wasm', errors, 900, 1440);
    await page.screenshot({ path: OUT });
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    console.log(`wrote ${OUT}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
