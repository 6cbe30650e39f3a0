import { describe, expect, it } from 'vitest';
import { REGISTRIES } from './index';
import { REGISTRY_INDEX } from './names';

describe('the registries index', () => {
  it('names every registry with its subject, in the declarations order', () => {
    expect(REGISTRY_INDEX).toEqual(REGISTRIES.map((r) => ({ name: r.name, subject: r.subject })));
  });
});
