import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { resetEnv } from './packages/core/src/env';
import { PASSWORD } from './functions/src/testing/world';
import { installLogCheck } from './tests/log-check';

process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.TABLE_NAME = 'escritorio-virtual-test';
process.env.APP_SECRET ??= 'test-secret-0123456789abcdef0123456789abcdef';
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'ev-test-'));
process.env.LOG_LEVEL = 'silent';
resetEnv();
if (process.env.LOG_CHECK_FILE) installLogCheck(process.env.LOG_CHECK_FILE, PASSWORD);
