import { defineConfig } from 'vitepress';

// The project's documentation site: `npm run docs` builds it (dead links fail the build), `npm run docs:dev` serves it.
export default defineConfig({
  title: 'QA Robustness Explorer',
  description: 'See where extractive QA models break: in-browser QA with live perturbations, and the qarx CLI for batch audits.',
  cleanUrls: true,
  lastUpdated: false,
  ignoreDeadLinks: false,
  themeConfig: {
    nav: [
      { text: 'Getting started', link: '/getting-started' },
      { text: 'Definitions', link: '/definitions' },
      { text: 'CLI', link: '/cli' },
      { text: 'Glossary', link: '/glossary' },
    ],
    sidebar: [
      {
        text: 'Introduction',
        items: [
          { text: 'Getting started', link: '/getting-started' },
          { text: 'Data', link: '/data' },
          { text: 'Models', link: '/models' },
          { text: 'Results, sharing and teaching', link: '/results' },
        ],
      },
      {
        text: 'Experiments',
        items: [
          { text: 'Entity renaming', link: '/entity-renaming' },
          { text: 'Natural edits', link: '/natural-edits' },
          { text: 'Over-sensitivity', link: '/over-sensitivity' },
          { text: 'Over-stability', link: '/over-stability' },
          { text: 'Generalization', link: '/generalization' },
          { text: 'Audit', link: '/audit' },
          { text: 'Explanations', link: '/explanations' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Definitions', link: '/definitions' },
          { text: 'Uncertainty', link: '/uncertainty' },
          { text: 'Validating perturbations', link: '/validation' },
          { text: 'Glossary', link: '/glossary' },
          { text: 'CLI reference', link: '/cli' },
          { text: 'Audits at scale', link: '/audits-at-scale' },
          { text: 'Formats', link: '/formats' },
        ],
      },
      {
        text: 'Development',
        items: [
          { text: 'Architecture', link: '/architecture' },
          { text: 'Tests', link: '/tests' },
          { text: 'Benchmarks', link: '/benchmarks' },
          { text: 'Libraries', link: '/libraries' },
        ],
      },
    ],
    search: { provider: 'local' },
    outline: [2, 3],
  },
});
