import fs from 'node:fs';
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
  else if (source.startsWith('@ev/shared/')) target = path.join(ROOT, 'packages/shared/src', source.slice('@ev/shared/'.length));
  else if (source.startsWith('@ev/functions/')) target = path.join(ROOT, 'functions/src', source.slice('@ev/functions/'.length));
  else return null;
  return target.replace(/\.(ts|tsx|js)$/, '').replace(/\/index$/, '');
}

/** The source file an import resolves to (`.ts`, `.tsx`, or a folder's index), or null. */
function resolveFile(target) {
  for (const candidate of [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx'), target]) {
    if (/\.(ts|tsx)$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
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

/**
 * Core's floors (ARCHITECTURE "Layout", docs/decisions.md "Module boundaries"), from the ground up.
 * A module imports only modules on lower floors; two modules of one floor never import each other.
 * A file at core's root (`clock.ts`) is a module of its own name. A new module takes its floor here.
 */
export const CORE_FLOORS = [
  ['env', 'errors', 'ids', 'clock', 'password'],
  ['secrets', 'context'],
  ['validation', 'csv', 'local'],
  ['db'],
  ['health'],
  ['ports'],
  ['logs', 'limits', 'usage'],
  ['operators'],
  ['tenants'],
  ['sessions'],
  ['users'],
  ['profiles'],
  ['scope'],
  ['auth'],
  ['provisioning'],
  ['jobs'],
  ['exports', 'imports'],
  ['registries'],
  ['clients', 'products'],
  ['prices'],
  ['inventory'],
  ['sales', 'schedulings', 'messages'],
  ['management', 'store', 'offline', 'ai'],
  ['admin'],
  ['wiring'],
  ['demo'],
];
const floorOf = new Map(CORE_FLOORS.flatMap((names, floor) => names.map((n) => [n, floor])));

/** The core module a path of packages/core/src belongs to (a root file: its own name). */
function coreModule(parts) {
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.(ts|tsx)$/, '');
}

/** In packages/core/src: imports only go down the floors. */
const coreFloors = {
  meta: {
    type: 'problem',
    messages: {
      up: '{{from}} (floor {{fromFloor}}) imports {{to}} (floor {{toFloor}}), a floor above it: hand what it needs down as an argument or a registered handler (wiring/), or move the code up (scripts/eslint/boundaries.js CORE_FLOORS).',
      across: '{{from}} and {{to}} stand on the same floor ({{fromFloor}}): modules of one floor do not import each other; move the shared piece down, or put one above the other in CORE_FLOORS.',
      unplaced: 'The core module {{module}} has no floor: add it to CORE_FLOORS (scripts/eslint/boundaries.js).',
    },
    schema: [],
  },
  create(context) {
    const parts = rel(CORE, context.filename);
    if (!parts) return {};
    const from = coreModule(parts);
    const fromFloor = floorOf.get(from);
    return {
      Program(node) {
        if (fromFloor === undefined) context.report({ node, messageId: 'unplaced', data: { module: from } });
      },
      ...eachImport((node, source) => {
        if (fromFloor === undefined) return;
        const target = resolveImport(context.filename, source);
        const t = target && rel(CORE, target);
        if (!t || !t.length || t[0] === '') return;
        const to = coreModule(t);
        if (to === from) return;
        const toFloor = floorOf.get(to);
        if (toFloor === undefined) context.report({ node, messageId: 'unplaced', data: { module: to } });
        else if (toFloor > fromFloor) context.report({ node, messageId: 'up', data: { from, to, fromFloor: fromFloor + 1, toFloor: toFloor + 1 } });
        else if (toFloor === fromFloor) context.report({ node, messageId: 'across', data: { from, to, fromFloor: fromFloor + 1 } });
      }),
    };
  },
};

/** Every import of a file on disk, resolved to files of the tree (read once per lint run). */
const IMPORT_PATTERN = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const diskImports = new Map();
function importsOnDisk(file) {
  let found = diskImports.get(file);
  if (!found) {
    found = [];
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      // A file named by an import but not on disk: no imports.
    }
    for (const m of text.matchAll(IMPORT_PATTERN)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      const resolved = target && resolveFile(target);
      if (resolved) found.push(resolved);
    }
    diskImports.set(file, found);
  }
  return found;
}

/** A path of imports from `start` back to `file`, through the files on disk, or null. */
function pathBack(start, file) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [at, trail] = stack.pop();
    if (at === file) return trail;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const next of importsOnDisk(at)) if (!seen.has(next)) stack.push([next, [...trail, next]]);
  }
  return null;
}

/** Nowhere in the tree do files import each other in a circle (type imports too: a circle of types is a circle of meaning). */
const noCircle = {
  meta: {
    type: 'problem',
    messages: { circle: 'Import circle: {{trail}}. Move what both need into a file both import, or hand it in as an argument.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!rel(ROOT, file)) return {};
    const reported = new Set();
    return eachImport((node, source) => {
      const target = resolveImport(file, source);
      const resolved = target && resolveFile(target);
      if (!resolved || resolved === file || reported.has(resolved)) return;
      const back = pathBack(resolved, file);
      if (!back) return;
      reported.add(resolved);
      context.report({ node, messageId: 'circle', data: { trail: [file, ...back].map((f) => path.relative(ROOT, f)).join(' → ') } });
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

export default { rules: { 'core-storage': coreStorage, 'core-floors': coreFloors, 'no-circle': noCircle, 'feature-imports': featureImports } };
