import { describe, expect, it } from 'vitest';
import { buildAbility, gridDiff, gridOf, isHighRisk, PRESETS, PRESET_KEYS, rulesOf, SALE_MOVE_ACTIONS, upgradeRules, type AbilityRule } from './permissions';

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
    expect(grid.cells).toEqual(['create clientes', 'dashboard clientes', 'delete clientes', 'export clientes', 'read clientes', 'read logs', 'update clientes']);
    expect(grid.own).toEqual(['clientes']);
    expect(rulesOf(grid)).toContainEqual({ action: ['create', 'read', 'update', 'delete', 'dashboard', 'export'], subject: 'clientes', conditions: { ownerId: '${user.id}' } });
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

  it('edits the sales’ moves as cells of vendas: manage reads as every move, cancel and refund are high-risk', () => {
    expect(gridOf(PRESETS.salesman.rules).cells).toContain('cancelPending vendas');
    expect(gridOf(PRESETS.employee.rules).cells).toEqual(expect.arrayContaining(['process vendas', 'deliver vendas']));
    expect(gridOf([{ action: 'manage', subject: 'vendas' }]).cells).toEqual(expect.arrayContaining(SALE_MOVE_ACTIONS.map((a) => `${a} vendas`)));
    // A move is offered on vendas alone.
    expect(gridOf([{ action: 'cancel', subject: 'clientes' }]).cells).toEqual([]);
    const grid = { full: false, cells: ['read vendas', 'process vendas', 'refund vendas'], own: [] };
    expect(buildAbility(rulesOf(grid)).can('refund', 'vendas')).toBe(true);
    expect(buildAbility(rulesOf(grid)).can('cancel', 'vendas')).toBe(false);
    expect(gridDiff(gridOf([]), grid).map((c) => [c.action, c.highRisk])).toEqual([
      ['read', false],
      ['process', false],
      ['refund', true],
    ]);
    for (const a of ['cancel', 'cancelPending', 'refund'] as const) expect(isHighRisk(a, 'vendas'), a).toBe(true);
    for (const a of ['process', 'deliver'] as const) expect(isHighRisk(a, 'vendas'), a).toBe(false);
  });

  it('offers the export of the clients on clientes alone, high-risk, and no preset but the administrator’s has it', () => {
    expect(gridOf([{ action: 'manage', subject: 'clientes' }]).cells).toContain('export clientes');
    expect(gridOf([{ action: 'export', subject: ['clientes', 'vendas'] }]).cells).toEqual(['export clientes']);
    expect(isHighRisk('export', 'clientes')).toBe(true);
    expect(gridDiff(gridOf([]), { full: false, cells: ['export clientes'], own: [] })).toEqual([{ kind: 'cell', change: 'added', action: 'export', subject: 'clientes', highRisk: true }]);
    for (const key of PRESET_KEYS) expect(buildAbility(PRESETS[key].rules).can('export', 'clientes'), key).toBe(key === 'administrator');
  });

  it('reads a profile stored before the moves were abilities with the table’s defaults, losing no move silently', () => {
    const can = (rules: AbilityRule[]) => SALE_MOVE_ACTIONS.filter((a) => buildAbility(rules).can(a, 'vendas'));
    const oldSalesman: AbilityRule[] = [{ action: 'read', subject: 'auth' }, { action: ['create', 'read', 'update'], subject: ['vendas', 'agendamentos'] }];
    const oldEmployee: AbilityRule[] = [{ action: 'read', subject: 'auth' }, { action: 'read', subject: ['clientes', 'vendas'] }];
    // Presets: the preset's moves (the salesman no longer processes, delivers or refunds; the back office processes and delivers).
    expect(can(upgradeRules(oldSalesman, 'salesman'))).toEqual(['cancelPending']);
    expect(can(upgradeRules(oldSalesman, 'manager'))).toEqual(['cancelPending']);
    expect(can(upgradeRules(oldEmployee, 'employee'))).toEqual(['process', 'deliver']);
    expect(upgradeRules(PRESETS.administrator.rules, 'administrator')).toEqual(PRESETS.administrator.rules);
    // A profile of its own that could update vendas keeps every move it could make, with its own-records condition.
    const own = upgradeRules([{ action: ['read', 'update'], subject: 'vendas', conditions: { ownerId: '${user.id}' } }], null);
    expect(can(own)).toEqual([...SALE_MOVE_ACTIONS]);
    expect(own.at(-1)).toEqual({ action: [...SALE_MOVE_ACTIONS], subject: 'vendas', conditions: { ownerId: '${user.id}' } });
    expect(gridOf(own).own).toEqual(['vendas']);
    // One that could not, gets none; a preset's current rules are left as they are.
    expect(upgradeRules(oldEmployee, null)).toEqual(oldEmployee);
    for (const key of PRESET_KEYS) expect(upgradeRules(PRESETS[key].rules, key)).toEqual(PRESETS[key].rules);
  });
});
