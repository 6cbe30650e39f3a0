import path from 'node:path';

/**
 * Layer and module fences of the tree, as ESLint rules (run by `npm run lint`, so they fail the
 * build). Import paths are resolved (relative ones against the file, `@/` to web/src, `@ev/core/`
 * to packages/core/src), so `../../clients/x` is caught as well as `@/features/clients/x`.
 */

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const CORE = path.join(ROOT, 'packages/core/src');
const FEATURES = path.join(ROOT, 'web/src/features');

function rel(from, to) {
  const r = path.relative(from, to);
  return r.startsWith('..') || path.isAbsolute(r) ? null : r.split(path.sep);
}

/** The file an import names, without its extension, or null for a package. */
function resolveImport(file, source) {
  let target;
  if (source.startsWith('.')) target = path.resolve(path.dirname(file), source);
  else if (source.startsWith('@/')) target = path.join(ROOT, 'web/src', source.slice(2));
  else if (source.startsWith('@ev/core/')) target = path.join(CORE, source.slice('@ev/core/'.length));
  else return null;
  return target.replace(/\.(ts|tsx|js)$/, '').replace(/\/index$/, '');
}

/** Calls `check(node, source)` for every import, export-from and dynamic import of a file. */
function eachImport(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => node.source.type === 'Literal' && typeof node.source.value === 'string' && check(node, node.source.value),
  };
}

/** In packages/core/src: a module reads another's storage only through its public functions. */
const coreStorage = {
  meta: {
    type: 'problem',
    messages: {
      repository: "Another module's repository ({{module}}): use its public functions (its index) instead.",
      keys: 'Keys are built only in repositories and db/: move this storage code into the module\'s repository.',
      aws: 'The AWS SDK is used only in repositories, db/, ports/ and logs/: move this code there.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const parts = rel(CORE, file);
    if (!parts) return {};
    const own = parts.length > 1 ? parts[0] : null;
    const isRepository = path.basename(file) === 'repository.ts';
    const storageDir = own === 'db' || own === 'ports' || own === 'logs' || own === 'local';
    return eachImport((node, source) => {
      if (source.startsWith('@aws-sdk/')) {
        if (!isRepository && !storageDir) context.report({ node, messageId: 'aws' });
        return;
      }
      const target = resolveImport(file, source);
      const t = target && rel(CORE, target);
      if (!t) return;
      if (t.length === 2 && t[1] === 'repository' && t[0] !== own) context.report({ node, messageId: 'repository', data: { module: t[0] } });
      if (t.length === 2 && t[0] === 'db' && t[1] === 'keys' && !isRepository && own !== 'db') context.report({ node, messageId: 'keys' });
    });
  },
};

/** In web/src/features: features never import each other (CONVENTIONS 10). */
const featureImports = {
  meta: {
    type: 'problem',
    messages: { feature: 'Features do not import each other ({{feature}}); move the shared piece to components/ or lib/.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const parts = rel(FEATURES, file);
    if (!parts || parts.length < 2) return {};
    const own = parts[0];
    return eachImport((node, source) => {
      const target = resolveImport(file, source);
      const t = target && rel(FEATURES, target);
      if (t && t[0] && t[0] !== own) context.report({ node, messageId: 'feature', data: { feature: t[0] } });
    });
  },
};

export default { rules: { 'core-storage': coreStorage, 'feature-imports': featureImports } };
