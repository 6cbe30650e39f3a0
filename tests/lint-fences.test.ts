import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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
