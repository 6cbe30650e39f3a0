import { describe, expect, it } from 'vitest';
import { installmentKey, InstallmentInput, ScrapEntryInput } from '@ev/shared/schemas/financial';
import { businessDate, daysBetween, lastMonths } from '@ev/shared/calendar';
import { creditOf, financialTotals, installmentStatus, publicInstallment, punctualityOf, type InstallmentRecord } from './financial';
import { brDate, brDecimal } from './installments-import';

const base = { cancelled: false, openValue: '10.00', dueDate: '2026-03-10' };

describe('installment status', () => {
  it('is pending on the due date, overdue from the next day, paid when nothing is open, cancelled above all', () => {
    expect(installmentStatus(base, '2026-03-10')).toBe('pending');
    expect(installmentStatus(base, '2026-03-09')).toBe('pending');
    expect(installmentStatus(base, '2026-03-11')).toBe('overdue');
    expect(installmentStatus({ ...base, openValue: '0.00' }, '2026-04-01')).toBe('paid');
    expect(installmentStatus({ ...base, openValue: '0.00', cancelled: true }, '2026-04-01')).toBe('cancelled');
    expect(installmentStatus({ ...base, cancelled: true }, '2026-04-01')).toBe('cancelled');
  });

  it('takes today in the company time zone: 01:30 UTC is still the day before in São Paulo', () => {
    const ms = Date.parse('2026-03-11T01:30:00Z');
    expect(businessDate('America/Sao_Paulo', ms)).toBe('2026-03-10');
    expect(businessDate('UTC', ms)).toBe('2026-03-11');
    expect(installmentStatus(base, businessDate('America/Sao_Paulo', ms))).toBe('pending');
  });

  it('counts days across months and years', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
  });
});

let seq = 0;
function record(fields: Record<string, unknown>): InstallmentRecord {
  const parsed = InstallmentInput.parse({ document: 'NF', installment: String(++seq), dueDate: '2026-03-10', installmentValue: '1.00', openValue: '1.00', ...fields });
  const { type, ...rest } = parsed;
  return { pk: 'p', sk: 's', type: 'installment', installmentType: type, clientId: '0190aaaa-0000-7000-8000-000000000001', key: installmentKey(parsed), ...rest };
}

describe('totals', () => {
  it('adds in decimals: ten times 0.10 is 1.00, and 0.30 − (0.10 + 0.20) is 0.00, not −0.00', () => {
    const list = Array.from({ length: 10 }, () => publicInstallment(record({ openValue: '0.10', paidValue: '0.10' }), '2026-01-01'));
    expect(financialTotals(list)).toMatchObject({ open: '1.00', paid: '1.00', titles: '1.00' });
    const two = [record({ openValue: '0.10' }), record({ openValue: '0.20' })].map((r) => publicInstallment(r, '2026-01-01'));
    expect(creditOf('0.30', financialTotals(two).open)).toEqual({ limit: '0.30', open: '0.30', available: '0.00' });
    expect(creditOf(null, '5.00')).toEqual({ limit: null, open: '5.00', available: null });
  });

  it('leaves cancelled installments out of every figure', () => {
    const list = [record({ openValue: '5.00', paidValue: '1.00', cancelled: true })].map((r) => publicInstallment(r, '2026-04-01'));
    expect(Object.values(financialTotals(list))).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '0.00']);
  });
});

describe('punctuality months', () => {
  it('are the 12 months up to today’s, across a year boundary', () => {
    expect(lastMonths('2026-02-15')).toEqual(['2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('bucket by due month: open and overdue values, paid on time and late', () => {
    const today = '2026-02-15';
    const list = [
      record({ dueDate: '2026-02-10', openValue: '3.00' }),
      record({ dueDate: '2026-02-20', openValue: '4.00' }),
      record({ dueDate: '2026-01-10', openValue: '0', paidValue: '9.99', paymentDate: '2026-01-11' }),
      record({ dueDate: '2026-01-10', openValue: '0', paidValue: '1.01', paymentDate: '2026-01-10' }),
      record({ dueDate: '2026-01-10', openValue: '0', paidValue: '5.00' }),
    ].map((r) => publicInstallment(r, today));
    const months = punctualityOf(list, today);
    expect(months.at(-1)).toEqual({ month: '2026-02', openValue: '7.00', overdueValue: '3.00', paidOnTime: { count: 0, value: '0.00' }, paidLate: { count: 0, value: '0.00' } });
    expect(months.at(-2)).toEqual({ month: '2026-01', openValue: '0.00', overdueValue: '0.00', paidOnTime: { count: 2, value: '6.01' }, paidLate: { count: 1, value: '9.99' } });
  });
});

describe('installment input', () => {
  it('keeps money as 2-place strings and refuses numbers', () => {
    const ok = InstallmentInput.parse({ document: ' NF 1 ', installment: '1', dueDate: '2026-03-10', installmentValue: '1234,5', openValue: '0' });
    expect(ok).toMatchObject({ document: 'NF 1', installmentValue: '1234.50', openValue: '0.00', paidValue: '0.00', discount: '0.00', type: 'title', cancelled: false });
    expect(InstallmentInput.safeParse({ document: 'NF', installment: '1', dueDate: '2026-03-10', installmentValue: 1.5, openValue: '0' }).success).toBe(false);
  });

  it('keys by document + installment + branch, folding case and spaces', () => {
    expect(installmentKey({ document: 'nf  1', installment: '1/2', branchId: null })).toBe(installmentKey({ document: 'NF 1 ', installment: '1/2', branchId: null }));
    expect(installmentKey({ document: 'NF#1', installment: '1', branchId: null })).not.toBe(installmentKey({ document: 'NF', installment: '1#1', branchId: null }));
  });
});

describe('scrap entry input', () => {
  it('wants exactly one positive side, in kg with 3 places', () => {
    expect(ScrapEntryInput.parse({ history: 'x', credit: '1,5' })).toMatchObject({ credit: '1.500', debit: '0.000', type: null });
    expect(ScrapEntryInput.safeParse({ history: 'x', credit: '1', debit: '2' }).success).toBe(false);
    expect(ScrapEntryInput.safeParse({ history: 'x', credit: '0' }).success).toBe(false);
  });
});

describe('import cells', () => {
  it('reads dd/MM/yyyy dates and refuses impossible ones', () => {
    expect(brDate('5/3/2026', 'Vencimento')).toBe('2026-03-05');
    expect(brDate('', 'Vencimento')).toBeNull();
    expect(() => brDate('29/02/2025', 'Vencimento')).toThrow('Data inválida na coluna Vencimento: "29/02/2025". Use dd/mm/aaaa.');
    expect(() => brDate('2026-03-05', 'Vencimento')).toThrow(/Data inválida/);
  });

  it('reads decimal commas with optional thousands dots', () => {
    expect(brDecimal('1.234.567,8', 'Valor')).toBe('1234567.8');
    expect(brDecimal('R$ 10,50', 'Valor')).toBe('10.50');
    expect(brDecimal('7', 'Valor')).toBe('7');
    expect(() => brDecimal('10.5', 'Valor')).toThrow(/Valor inválido na coluna Valor/);
    expect(() => brDecimal('-1,00', 'Valor')).toThrow(/Valor inválido/);
    expect(() => brDecimal('1,234', 'Valor')).toThrow(/Valor inválido/);
  });
});
