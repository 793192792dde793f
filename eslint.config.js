// One lint setup for the whole workspace, with the boundaries of STYLE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const boundary = (message, patterns) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/.data/**', '**/dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off', // kysely migrations and schema-scoped projections take Kysely<any> by design
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Inject a Clock; no Date.now() here.',
        },
      ],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: boundary('contracts imports nothing of ours (STYLE.md).', ['@goldledger/*', '../../*']),
  },
  {
    files: ['projections/**/*.ts'],
    rules: boundary('projections see events, never services or deciders (STYLE.md).', [
      '@goldledger/services',
      '@goldledger/services/*',
      '**/services/**',
    ]),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: boundary('web talks to the API over HTTP; it never imports services or projections.', [
      '@goldledger/services',
      '@goldledger/services/*',
      '@goldledger/projections',
      '@goldledger/projections/*',
      '**/services/**',
      '**/projections/**',
    ]),
  },
  {
    // Tests, benchmarks and test helpers may read the wall clock and unique ids.
    files: ['**/*.test.ts', 'tests/**', 'bench/**', 'services/src/testing/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
