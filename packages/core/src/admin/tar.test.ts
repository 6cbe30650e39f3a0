import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tarGz } from './tar';

describe('a gzipped tar', () => {
  it('is read back by the system tar: names (a long one too), bytes and UTF-8 text', () => {
    const long = `files/t/${'a'.repeat(36)}/avatars/${'b'.repeat(36)}/${'c'.repeat(36)}.png`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ev-tar-'));
    const file = path.join(dir, 'a.tar.gz');
    fs.writeFileSync(file, tarGz([{ name: 'CLIENT.jsonl', body: '{"name":"Açougue São João"}\n' }, { name: long, body: new Uint8Array([0, 1, 2, 255]) }]));
    execFileSync('tar', ['-xzf', file, '-C', dir]);
    expect(fs.readFileSync(path.join(dir, 'CLIENT.jsonl'), 'utf8')).toBe('{"name":"Açougue São João"}\n');
    expect([...fs.readFileSync(path.join(dir, long))]).toEqual([0, 1, 2, 255]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
