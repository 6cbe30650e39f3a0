import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the lint configuration, without types.
import { CORE_FLOORS } from '../scripts/eslint/boundaries.js';

/**
 * The boundary fences of eslint.config.js (scripts/eslint/boundaries.js) fail on a deliberate
 * violation and pass on the same import where it belongs. `npm run lint` runs them on the tree.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

async function errors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('core module boundaries', () => {
  it("refuses another module's repository, relative or through @ev/core", async () => {
    expect(await errors('packages/core/src/prices/fence.ts', "import { ClientsRepository } from '../clients/repository';\nexport const x = ClientsRepository;\n")).toEqual([
      "boundaries/core-storage: Another module's repository (clients): use its public functions (its index) instead.",
    ]);
    expect(await errors('packages/core/src/prices/fence.ts', "export { TenantsRepository } from '@ev/core/tenants/repository';\n")).toEqual([
      "boundaries/core-storage: Another module's repository (tenants): use its public functions (its index) instead.",
    ]);
    expect(await errors('packages/core/src/scope.ts', "import { UsersRepository } from './users/repository';\nexport const x = UsersRepository;\n")).toHaveLength(1);
  });

  it("takes the module's own repository and another module's index", async () => {
    expect(await errors('packages/core/src/clients/fence.ts', "import { ClientsRepository } from './repository';\nimport { Tenants } from '../tenants';\nexport const x = [ClientsRepository, Tenants];\n")).toEqual([]);
  });

  it('builds keys only in repositories and db/', async () => {
    const code = "import { Keys } from '../db/keys';\nexport const x = Keys;\n";
    expect(await errors('packages/core/src/clients/financial.ts', code)).toEqual([
      "boundaries/core-storage: Keys are built only in repositories and db/: move this storage code into the module's repository.",
    ]);
    expect(await errors('packages/core/src/clients/repository.ts', code)).toEqual([]);
    expect(await errors('packages/core/src/db/fence.ts', "import { Keys } from './keys';\nexport const x = Keys;\n")).toEqual([]);
  });

  it('calls the AWS SDK only in repositories, db/, ports/ and logs/', async () => {
    const code = "import { PutCommand } from '@aws-sdk/lib-dynamodb';\nexport const x = PutCommand;\n";
    expect(await errors('packages/core/src/jobs/index.ts', code)).toEqual([
      'boundaries/core-storage: The AWS SDK is used only in repositories, db/, ports/ and logs/: move this code there.',
    ]);
    for (const file of ['packages/core/src/jobs/repository.ts', 'packages/core/src/db/fence.ts', 'packages/core/src/ports/fence.ts', 'packages/core/src/logs/repository.ts']) {
      expect(await errors(file, code)).toEqual([]);
    }
  });
});

/** A module's floor as the messages number it, from 1 (a floor added below moves the ones above). */
const floorOf = (module: string) => (CORE_FLOORS as string[][]).findIndex((names) => names.includes(module)) + 1;

describe("core's floors (ARCHITECTURE \"Layout\")", () => {
  it('refuses an import from a lower floor to a higher one, relative or through @ev/core', async () => {
    expect(await errors('packages/core/src/clients/fence.ts', "import { Sales } from '../sales';\nexport const x = Sales;\n")).toEqual([
      `boundaries/core-floors: clients (floor ${floorOf('clients')}) imports sales (floor ${floorOf('sales')}), a floor above it: hand what it needs down as an argument or a registered handler (wiring/), or move the code up (scripts/eslint/boundaries.js CORE_FLOORS).`,
    ]);
    // The logs stand below the users: the circle users -> logs -> users can no longer come back.
    expect(await errors('packages/core/src/logs/fence.ts', "import { Users } from '@ev/core/users';\nexport const x = Users;\n")).toHaveLength(1);
    // A port knows no module of the domain.
    expect(await errors('packages/core/src/ports/fence.ts', "import { Logs } from '../logs';\nexport const x = Logs;\n")).toHaveLength(1);
  });

  it('refuses two modules of one floor importing each other, and a module without a floor', async () => {
    expect(await errors('packages/core/src/clients/fence.ts', "import { Products } from '../products';\nexport const x = Products;\n")).toEqual([
      `boundaries/core-floors: clients and products stand on the same floor (${floorOf('clients')}): modules of one floor do not import each other; move the shared piece down, or put one above the other in CORE_FLOORS.`,
    ]);
    expect(await errors('packages/core/src/dashboards/index.ts', "import { Sales } from '../sales';\nexport const x = Sales;\n")).toEqual([
      'boundaries/core-floors: The core module dashboards has no floor: add it to CORE_FLOORS (scripts/eslint/boundaries.js).',
    ]);
  });

  it('takes imports down the floors and within a module', async () => {
    expect(await errors('packages/core/src/sales/fence.ts', "import { Clients } from '../clients';\nimport { Scope } from '../scope';\nimport { SalesRepository } from './repository';\nexport const x = [Clients, Scope, SalesRepository];\n")).toEqual([]);
    expect(await errors('packages/core/src/wiring/fence.ts', "import { Sales } from '../sales';\nimport { Logs } from '../logs';\nexport const x = [Sales, Logs];\n")).toEqual([]);
  });
});

describe('no import circle', () => {
  it('refuses a planted import that closes a circle through the files on disk, in core and in the web', async () => {
    // ports/queue-runner.ts imports dead-letters.ts: dead-letters importing it back closes a circle.
    expect(await errors('packages/core/src/ports/dead-letters.ts', "import { jobLog } from './queue-runner';\nexport const x = jobLog;\n")).toEqual([
      'boundaries/no-circle: Import circle: packages/core/src/ports/dead-letters.ts → packages/core/src/ports/queue-runner.ts → packages/core/src/ports/dead-letters.ts. Move what both need into a file both import, or hand it in as an argument.',
    ]);
    const web = await errors('web/src/components/map/stop.ts', "import type { RouteMapOptions } from './route-map';\nexport type X = RouteMapOptions;\n");
    expect(web).toHaveLength(1);
    expect(web[0]).toMatch(/^boundaries\/no-circle: Import circle: web\/src\/components\/map\/stop\.ts → web\/src\/components\/map\/route-map\.ts → .*map\/stop\.ts\./);
  });

  it('takes the same import where it closes no circle', async () => {
    expect(await errors('packages/core/src/ports/local-queue.ts', "import { jobLog } from './queue-runner';\nexport const x = jobLog;\n")).toEqual([]);
  });
});

describe('one input parser', () => {
  async function parseErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it("refuses a schema's .parse() in core services and takes parseInput, JSON.parse and tests", async () => {
    const bad = "import { UserCreate } from '@ev/shared/schemas/users';\nexport const f = (input: unknown) => UserCreate.parse(input);\n";
    expect(await parseErrors('packages/core/src/users/fence.ts', bad)).toEqual(['Parse input with parseInput(schema, input) from validation.ts (One input parser, docs/decisions.md).']);
    const good = "import { UserCreate } from '@ev/shared/schemas/users';\nimport { parseInput } from '../validation';\nexport const f = (input: string) => parseInput(UserCreate, JSON.parse(input));\n";
    expect(await parseErrors('packages/core/src/users/fence.ts', good)).toEqual([]);
    expect(await parseErrors('packages/core/src/users/fence.test.ts', bad)).toEqual([]);
  });
});

describe('web feature boundaries', () => {
  it('refuses another feature by alias and by relative path', async () => {
    const message = 'boundaries/feature-imports: Features do not import each other (registries); move the shared piece to components/ or lib/.';
    expect(await errors('web/src/features/clients/fence.ts', "import { x } from '../registries/components/mask';\nexport const y = x;\n")).toEqual([message]);
    expect(await errors('web/src/features/clients/components/fence.tsx', "import { x } from '../../registries/api/list';\nexport const y = x;\n")).toEqual([message]);
    expect(await errors('web/src/features/clients/fence.ts', "import { x } from '@/features/registries/api/list';\nexport const y = x;\n")).toEqual([message]);
  });

  it("takes the feature's own files, components/ and lib/", async () => {
    expect(
      await errors('web/src/features/clients/components/fence.tsx', "import { a } from '../form-values';\nimport { b } from '@/lib/mask';\nimport { c } from '../../../components/ui/button';\nexport const y = [a, b, c];\n"),
    ).toEqual([]);
  });
});

describe('one dialog shell (docs/web-kit.md "Dialogs")', () => {
  async function importErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }
  const radix = "import * as DialogPrimitive from '@radix-ui/react-dialog';\nexport const Root = DialogPrimitive.Root;\n";

  it('refuses Radix Dialog in a screen or another ui piece, and takes it in components/ui/dialog.tsx', async () => {
    for (const file of ['web/src/features/clients/components/fence.tsx', 'web/src/components/jobs/fence.tsx', 'web/src/components/ui/sheet.tsx']) {
      expect(await importErrors(file, radix)).toEqual([expect.stringContaining('Build on components/ui/dialog.tsx')]);
    }
    expect(await importErrors('web/src/components/ui/dialog.tsx', radix)).toEqual([]);
    expect(await importErrors('web/src/features/clients/components/fence.tsx', "import { Dialog } from '@/components/ui/dialog';\nexport const Root = Dialog;\n")).toEqual([]);
  });
});
