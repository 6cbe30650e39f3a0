import { describe, expect, it } from 'vitest';
import { buildAbility, gridDiff, gridOf, isHighRisk, PRESETS, PRESET_KEYS, rulesOf } from './permissions';

describe('the permissions grid', () => {
  it('reads each preset into cells and writes rules that allow exactly the same', () => {
    for (const key of PRESET_KEYS) {
      const grid = gridOf(PRESETS[key].rules);
      const before = buildAbility(PRESETS[key].rules);
      const after = buildAbility(rulesOf(grid));
      for (const cell of grid.cells) {
        const [action, subject] = cell.split(' ') as ['read', 'clientes'];
        expect(before.can(action, subject), `${key}: ${cell}`).toBe(true);
        expect(after.can(action, subject), `${key}: ${cell}`).toBe(true);
      }
      expect(gridOf(rulesOf(grid))).toEqual(grid);
    }
    expect(gridOf(PRESETS.administrator.rules)).toEqual({ full: true, cells: [], own: [] });
    expect(gridOf(PRESETS.salesman.rules).cells).toContain('read clientes');
    expect(gridOf(PRESETS.salesman.rules).cells).not.toContain('delete clientes');
  });

  it('reads manage on a subject as every action offered, and the own-records condition', () => {
    const grid = gridOf([{ action: 'manage', subject: 'clientes', conditions: { ownerId: 'u1' } }, { action: 'manage', subject: 'logs' }]);
    expect(grid.cells).toEqual(['create clientes', 'dashboard clientes', 'delete clientes', 'read clientes', 'read logs', 'update clientes']);
    expect(grid.own).toEqual(['clientes']);
    expect(rulesOf(grid)).toContainEqual({ action: ['create', 'read', 'update', 'delete', 'dashboard'], subject: 'clientes', conditions: { ownerId: '${user.id}' } });
  });

  it('lists what a save adds and removes, high-risk ones marked', () => {
    const before = gridOf(PRESETS.salesman.rules);
    const after = { ...before, cells: [...before.cells.filter((c) => c !== 'read clientes'), 'delete vendas'], own: ['vendas' as const] };
    expect(gridDiff(before, after)).toEqual([
      { kind: 'cell', change: 'added', action: 'delete', subject: 'vendas', highRisk: true },
      { kind: 'cell', change: 'removed', action: 'read', subject: 'clientes', highRisk: false },
      { kind: 'own', change: 'added', subject: 'vendas', highRisk: false },
    ]);
    expect(gridDiff(before, { ...before, full: true })).toEqual([{ kind: 'full', change: 'added', highRisk: true }]);
    expect(gridDiff(before, before)).toEqual([]);
    expect(isHighRisk('read', 'permissões')).toBe(true);
    expect(isHighRisk('update', 'admin')).toBe(true);
    expect(isHighRisk('read', 'clientes')).toBe(false);
  });
});
