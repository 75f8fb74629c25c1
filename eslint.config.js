// ESLint: TypeScript and Svelte rules, plus the layering rule that keeps the core free of Electron.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronOnlyInShell = {
  paths: [
    {
      name: 'electron',
      message: 'Only src-main/electron/**, main.ts, app-start.ts and preload.ts may import electron; the core stays plain Node.',
    },
    {
      name: 'electron-store',
      message: 'Only the shell (src-main/electron/**) may use electron-store; the core uses the SettingsStore interface.',
    },
  ],
  patterns: [{ group: ['**/electron/*'], message: 'The core and the mock must not depend on the Electron shell.' }],
};

/** A layer of src-main that must not import `forbidden` (its tests may). */
function layerRule(folder, forbidden, message) {
  return {
    files: [`${folder}/**`],
    ignores: [`${folder}/**/*.test.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...electronOnlyInShell, patterns: [...electronOnlyInShell.patterns, { group: forbidden, message }] },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'release/',
      'node_modules/',
      'test-results/',
      'src-main/shared/api/generated/',
      'src-main/shared/i18n/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  prettier,
  ...svelte.configs.prettier,
  { languageOptions: { globals: globals.node } },
  {
    // The real-Electron test harness is Electron's main script as it runs (CommonJS: it must patch
    // `electron` before the app's bundle imports it).
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Components, and the runes modules (`.svelte.ts`) that hold a window's state.
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: ['src-main/core/**', 'src-main/mock/**', 'src-main/shared/**', 'src-main/tools/**'],
    rules: { 'no-restricted-imports': ['error', electronOnlyInShell] },
  },
  // Arrows point one way: the core never depends on the mock it is tested against (tests may).
  layerRule(
    'src-main/core',
    ['**/mock/*', '**/mock/**'],
    'The core must not depend on the mock; shared data goes in src-main/shared.',
  ),
  // Settings sit below environments: the environment registry keeps its documents in the settings,
  // and the settings layer owns their validation (core/settings/validate-environment.ts).
  {
    files: ['src-main/core/settings/**'],
    ignores: ['src-main/core/settings/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronOnlyInShell,
          patterns: [
            ...electronOnlyInShell.patterns,
            {
              group: ['**/mock/*', '**/mock/**'],
              message: 'The core must not depend on the mock; shared data goes in src-main/shared.',
            },
            {
              group: ['**/environments/*'],
              message: 'core/settings is below core/environments: the arrow points down, never back.',
            },
          ],
        },
      ],
    },
  },
  // No relays: a core module exports what it declares. Re-exporting another module's names (the
  // shared types above all) made modules depend on each other only through the relay.
  {
    files: ['src-main/core/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration[declaration=null]',
          message: 'No relays in the core: import the name from where it is declared (shared types from src-main/shared).',
        },
        { selector: 'ExportAllDeclaration', message: 'No relays in the core: import from where names are declared.' },
      ],
    },
  },
  // The ground floor: shared/ is used by the core, the shell and the windows, and uses none of them.
  layerRule(
    'src-main/shared',
    ['**/core/*', '**/core/**', '**/mock/*', '**/mock/**', '**/testing/**'],
    'src-main/shared is the ground floor: it must not depend on the core, the mock or test support.',
  ),
  {
    // Windows get everything from the main process through window.api; they share its types and its ground floor.
    files: ['src-renderer/**'],
    ignores: ['src-renderer/**/*.browser.test.ts'],
    languageOptions: { globals: globals.browser },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The ground floor (pure helpers, no Node, no Electron) may be shared; the core may not.
              regex: 'src-main/(?!shared/)',
              allowTypeImports: true,
              message: 'The renderer may import only types from src-main, and pure helpers from src-main/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
