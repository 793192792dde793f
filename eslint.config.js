// One lint setup for the whole workspace, with its module boundaries: contracts import nothing of ours,
// projections never import services, web never imports the server's code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const boundary = (message, patterns) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

// web: never the server's code; shared code (components, lib, config) → features → app, never back up
// (bulletproof-react); features never import each other. A rule set later replaces an earlier one for
// the same files, so each web block repeats the server boundary.
const webNeverServer = {
  group: [
    '@goldledger/services',
    '@goldledger/services/*',
    '@goldledger/projections',
    '@goldledger/projections/*',
    '**/services/**',
    '**/projections/**',
  ],
  message: 'web talks to the API over HTTP; it never imports services or projections.',
};
const webImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [webNeverServer, ...patterns] }],
});
// Inside web/src/features/<name>/, a file `depth` folders down may climb at most `depth` levels.
const featureFiles = (depth) => `web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`;
const featureBoundary = (depth) => ({
  files: [featureFiles(depth)],
  rules: webImports({
    regex: `^(@/(features|app)(/|$)|(\\.\\./){${depth + 1},})`,
    message:
      'features never import each other or app: share through components/, lib/ or config/; inside a feature use relative paths.',
  }),
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
    rules: boundary('contracts imports nothing of ours: every tier depends on it, so it depends on none.', [
      '@goldledger/*',
      '../../*',
    ]),
  },
  {
    files: ['projections/**/*.ts'],
    rules: boundary(
      'projections see events, never services or deciders: a read model folds only what was recorded.',
      ['@goldledger/services', '@goldledger/services/*', '**/services/**'],
    ),
  },
  {
    // Other slices read a loan's rules (loan.rules.ts, interest.ts) and run commands through
    // loan-commands.ts; they never call the decider or a handler themselves. Its types are fine.
    files: ['services/src/**/*.ts'],
    ignores: ['services/src/lending/**', 'services/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lending/loan.decider*', '**/lending/decide/*'],
              allowTypeImports: true,
              message:
                "import the loan's rules from lending/loan.rules.ts and run commands with lending/loan-commands.ts, not the decider.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...webImports(),
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // In the browser the clock is the visitor's; browser tests move it with Playwright's page.clock.
      'no-restricted-syntax': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname', 'global'],
    },
  },
  {
    files: ['web/src/{components,lib,config,styles}/**/*.{ts,tsx}'],
    rules: webImports({
      regex: '^(@/(features|app)(/|$)|(\\.\\./)+(features|app)(/|$))',
      message: 'shared code (components, lib, config) never imports features or app.',
    }),
  },
  ...[0, 1, 2, 3, 4].map(featureBoundary),
  {
    // Tests, benchmarks and test helpers may read the wall clock and unique ids.
    files: ['**/*.test.ts', 'tests/**', 'bench/**', 'services/src/testing/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
