import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'data', 'coverage', 'node_modules', 'src/routeTree.gen.ts', 'src/i18n/paraglide', 'src/i18n/paraglide-tests', 'public/mockServiceWorker.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|test|describe)$/]", message: 'A skipped test is not a passing one.' },
      ],
    },
  },
  {
    // Plain JavaScript run by Node itself (no tsx): `npm start`'s build check, the hashing thread.
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // The SPA must not reach into the server, and the shared contract must stay free of both sides.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The SPA talks to the server over HTTP only.' }] }],
    },
  },
  {
    // The timetable engine (generator, rule checker, cost) is pure: the server runs it and the
    // schedule editor re-checks a timetable with it while dragging.
    files: ['src/timetable/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@tanstack/*', 'ofetch', '**/lib/**', '**/features/**', '**/server/**'], message: 'The timetable engine is pure: the contract only, no I/O, no UI.' }] }],
    },
  },
  {
    // The room allocator is pure in the same way: the server runs it in a worker, and the
    // executive's draft editor will re-check hand moves with its checker.
    files: ['src/allocation/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@tanstack/*', 'ofetch', '**/lib/**', '**/features/**', '**/server/**'], message: 'The allocator is pure: the contract only, no I/O, no UI.' }] }],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@tanstack/*', 'ofetch', '**/lib/**', '**/features/**', '**/server/**'], message: 'The contract is shared by client and server: zod only.' }] }],
    },
  },
)
