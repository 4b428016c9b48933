/** npm run docs:glossary: writes docs/glossary.md from src/core/glossary/terms.ts (test/unit/glossary-doc.test.ts checks it is up to date). */
import { writeFileSync } from 'node:fs';
import { glossaryMarkdown } from '../src/core/glossary/doc.ts';

writeFileSync(new URL('../docs/glossary.md', import.meta.url), glossaryMarkdown());
console.log('wrote docs/glossary.md');
