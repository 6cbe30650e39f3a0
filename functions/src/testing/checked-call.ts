import { expect } from 'vitest';
import { call, type Call } from './world';

/**
 * A request through the real app, for Vitest files: every error answer is the envelope (status,
 * code, Portuguese message) and carries no stack trace, whatever the route. (Separate from world.ts,
 * which the browser tests import too and so must not import Vitest.)
 */
export async function checkedCall(method: string, path: string, opts: Call = {}) {
  const res = await call(method, path, opts);
  if (res.status >= 400) {
    expect(res.body, `${method} ${path}`).toMatchObject({ status: 'error', code: expect.any(String), message: expect.any(String) });
    expect(res.body).not.toHaveProperty('stack');
    expect(JSON.stringify(res.body)).not.toMatch(/\bat \S+ \(|\bat .*\.[cm]?[jt]s:\d+|node:internal|node_modules/);
  }
  return res;
}
