import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { resetDynamoClient } from '@ev/core/db/client';
import { ensureTable } from '@ev/core/db/table';
import { resetEnv } from '@ev/core/env';
import { isDomainError } from '@ev/core/errors';
import { LOCAL_ENDPOINT_FILE, startDynamoLocal, type DynamoLocal } from '@ev/core/local/dynamo-local';
import { processAlive } from '@ev/core/local/processes';
import { Operators } from '@ev/core/operators';

/**
 * `npm run operator -- <add|reset|list> [--email e] [--name n] [--aws]`: the platform's operators
 * (docs/admin.md "Operators"), made here and never by the API.
 *
 * - `add --email ops@empresa.com.br --name "Nome"`: a new operator; the password is asked twice on
 *   the terminal (or read from OPERATOR_PASSWORD, for scripts), at least 8 characters.
 * - `reset --email ... [--name ...]`: a new password (and name) for an operator; its sessions end.
 * - `list`: the operators.
 *
 * Where: locally the data folder's DynamoDB Local (DATA_DIR, `.data` by default): the one a running
 * `npm start` answers on, or started here for the command when none runs. With `--aws`, the table
 * TABLE_NAME in AWS_REGION with the shell's AWS credentials (docs/deploy.md).
 */
const { values, positionals } = parseArgs({ allowPositionals: true, options: { email: { type: 'string' }, name: { type: 'string' }, aws: { type: 'boolean', default: false } } });
const command = positionals[0];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A line typed on the terminal, not echoed. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    out._writeToOutput = (s: string) => {
      if (s.includes(question)) out.output.write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function password(): Promise<string> {
  if (process.env.OPERATOR_PASSWORD) return process.env.OPERATOR_PASSWORD;
  if (!process.stdin.isTTY) fail('Informe a senha em OPERATOR_PASSWORD (não há terminal para digitá-la).');
  const first = await askHidden('Senha do administrador do serviço: ');
  const second = await askHidden('Repita a senha: ');
  if (first !== second) fail('As senhas não conferem.');
  return first;
}

/** Points the storage at the local DynamoDB: the running start's, or one started for this command. */
async function local(): Promise<DynamoLocal | null> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  const file = path.join(dataDir, LOCAL_ENDPOINT_FILE);
  let running: { endpoint: string; pid: number } | null = null;
  try {
    running = JSON.parse(fs.readFileSync(file, 'utf8')) as { endpoint: string; pid: number };
  } catch {
    running = null;
  }
  let started: DynamoLocal | null = null;
  if (!running || !processAlive(running.pid)) {
    fs.mkdirSync(path.join(dataDir, 'dynamodb'), { recursive: true });
    started = await startDynamoLocal({ dataDir: path.join(dataDir, 'dynamodb') });
  }
  process.env.DYNAMODB_ENDPOINT = started?.endpoint ?? running!.endpoint;
  process.env.DATA_DIR = dataDir;
  resetEnv();
  resetDynamoClient();
  await ensureTable();
  return started;
}

async function main() {
  if (!command || !['add', 'reset', 'list'].includes(command)) fail('Uso: npm run operator -- <add|reset|list> [--email e-mail] [--name "Nome"] [--aws]');
  const dynamo = values.aws ? null : await local();
  try {
    if (command === 'list') {
      const all = await Operators.list();
      console.info(all.length ? all.map((o) => `${o.email}\t${o.name}`).join('\n') : 'Nenhum administrador do serviço.');
      return;
    }
    if (!values.email) fail('Informe o e-mail: --email ops@empresa.com.br');
    if (command === 'add' && !values.name) fail('Informe o nome: --name "Nome do operador"');
    const list = command === 'reset' && !values.name ? await Operators.list() : [];
    const name = values.name ?? list.find((o) => o.email === values.email!.trim().toLowerCase())?.name ?? '';
    const made = await Operators.create({ email: values.email, name, password: await password() }, { reset: command === 'reset' });
    console.info(`${command === 'add' ? 'Administrador do serviço criado' : 'Senha trocada (sessões encerradas)'}: ${made.email} (${made.name}). Entre em /admin.`);
  } catch (e) {
    if (isDomainError(e)) fail([e.message, ...(e.extra.fields ?? []).map((f) => `  ${f.field}: ${f.message}`)].join('\n'));
    throw e;
  } finally {
    await dynamo?.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
