import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import puertasModulos from './eslint/puertas-modulos.js';
import path from 'node:path';

/**
 * Web feature boundaries (ARCHITECTURE §5): outside its own folder a feature is reached only through its front
 * door, `@/features/<feature>` (its index.ts), never `@/features/<feature>/api/…` nor a relative path into it.
 * Inside a feature its own files are free. Resolves both '@/…' and relative specifiers, static and dynamic imports.
 */
const puertaDeFeature = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { temporales: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: { puerta: "Importe '{{destino}}' por su puerta '@/features/{{feature}}' (su index.ts), no por '{{ruta}}'." },
  },
  create(context) {
    const raiz = path.join(import.meta.dirname, 'apps/web/src');
    const relativo = path.relative(raiz, context.filename).split(path.sep).join('/');
    if (relativo.startsWith('..')) return {};
    const propia = /^features\/([^/]+)\//.exec(relativo)?.[1];
    const temporales = new Set(context.options[0]?.temporales ?? []);
    const revisar = (fuente) => {
      if (!fuente || typeof fuente.value !== 'string') return;
      const ruta = fuente.value;
      let destino;
      if (ruta.startsWith('@/')) destino = ruta.slice(2);
      else if (ruta.startsWith('.')) destino = path.posix.normalize(path.posix.join(path.posix.dirname(relativo), ruta));
      else return;
      const coincide = /^features\/([^/]+)\/.+/.exec(destino);
      if (!coincide || coincide[1] === propia || temporales.has(ruta)) return;
      context.report({ node: fuente, messageId: 'puerta', data: { destino, feature: coincide[1], ruta } });
    };
    return {
      ImportDeclaration: (nodo) => revisar(nodo.source),
      ExportNamedDeclaration: (nodo) => revisar(nodo.source),
      ExportAllDeclaration: (nodo) => revisar(nodo.source),
      ImportExpression: (nodo) => revisar(nodo.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Migrations speak to Kysely<any> on purpose (STYLE 8: they never import app code).
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A server module is entered only through its door, modules/<name>/index.ts (ARCHITECTURE §2): from outside the
    // module (app, plugins, db/seed, test, bench, another module) nothing imports modules/<name>/<file>. The rule
    // resolves each import and compares module folders, so a module's own files still import each other freely;
    // since a door exports the service and never the repository, no module reaches another's repository.
    files: ['apps/server/**/*.ts'],
    plugins: { 'puertas-modulos': puertasModulos },
    rules: { 'puertas-modulos/puerta-de-modulo': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Web features are reached through their front door (index.ts) only.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { tablero: { rules: { 'puerta-de-feature': puertaDeFeature } } },
    rules: {
      'tablero/puerta-de-feature': 'error',
    },
  },
);
