import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-cli/**', 'node_modules/**', 'public/**', '.cache/**', 'test-results/**', 'docs/.vitepress/dist/**', 'docs/.vitepress/cache/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The architecture in one rule: core is pure and portable, so it may not reach outward.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**', '**/app', '**/worker/**', '**/worker', '**/cli/**', '**/cli'], message: 'src/core must not import from app, worker or cli.' },
            { group: ['react', 'react-dom', 'react/*', 'zustand', 'zustand/*', 'node:*', 'fs', 'path', 'onnxruntime-node'], message: 'src/core is pure TS: no DOM, React or Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**', '**/cli/**'], message: 'The worker only wraps core.' }] }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
