import { buildAbility, PRESETS } from '@ev/shared/permissions';
import { describe, expect, it } from 'vitest';
import { seesEveryClient } from './client-scope';

const staff = { vendedor: false, supervisor: false, hasBranch: true };

describe('seesEveryClient', () => {
  it('is the administrator and the staff who read clients, with a branch', () => {
    expect(seesEveryClient(buildAbility(PRESETS.administrator.rules), { ...staff, vendedor: true })).toBe(true);
    expect(seesEveryClient(buildAbility(PRESETS.employee.rules), staff)).toBe(true);
  });

  it('is not a salesman nor a supervisor, whatever their profile', () => {
    expect(seesEveryClient(buildAbility(PRESETS.salesman.rules), { ...staff, vendedor: true })).toBe(false);
    expect(seesEveryClient(buildAbility(PRESETS.manager.rules), { ...staff, supervisor: true })).toBe(false);
  });

  it('is not a user without a branch, nor one whose profile limits clients to his own', () => {
    expect(seesEveryClient(buildAbility(PRESETS.employee.rules), { ...staff, hasBranch: false })).toBe(false);
    expect(seesEveryClient(buildAbility([{ action: 'read', subject: 'clientes', conditions: { ownerId: 'u1' } }]), staff)).toBe(false);
    expect(seesEveryClient(buildAbility(PRESETS.employee.rules), null)).toBe(false);
  });

  it('reads the subject given: a profile limiting messages to its own, not clients, sees every client but not every conversation', () => {
    const rules = [{ action: 'read' as const, subject: 'clientes' as const }, { action: 'read' as const, subject: 'mensagens' as const, conditions: { ownerId: 'u1' } }];
    expect(seesEveryClient(buildAbility(rules), staff)).toBe(true);
    expect(seesEveryClient(buildAbility(rules), staff, 'mensagens')).toBe(false);
    expect(seesEveryClient(buildAbility(PRESETS.administrator.rules), staff, 'mensagens')).toBe(true);
  });
});
