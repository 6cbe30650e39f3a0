import { cfopType } from '../br';
import { z } from '../zod';
import { defineRegistry, nameField, STATUS_OPTIONS } from './definition';
import { cfop, derived, select, text, yesNo } from './fields';

const TYPES = [
  { value: 'entry', label: 'Entrada' },
  { value: 'exit', label: 'Saída' },
] as const;

/** Fiscal natures: the CFOP's first digit gives the type (1-3 entries, 5-7 exits). */
export const natures = defineRegistry({
  name: 'natures',
  subject: 'naturezas',
  title: 'Naturezas fiscais',
  singular: 'Natureza fiscal',
  gender: 'f',
  fields: {
    name: nameField(),
    cfop: cfop('CFOP'),
    status: select('Situação', STATUS_OPTIONS, { defaultValue: 'active' }),
    accountingCode: text('Código contábil', { max: 30 }),
    financialMovement: yesNo('Movimentação financeira'),
    ipi: yesNo('IPI'),
    pis: yesNo('PIS'),
    taxSubstitution: yesNo('Substituição tributária'),
    outOfState: yesNo('Fora do estado'),
    remittance: yesNo('Remessa'),
    return: yesNo('Retorno'),
    service: yesNo('Serviço'),
    consumerSale: yesNo('Venda a consumidor'),
    zfm: yesNo('Zona Franca de Manaus'),
    icmsCredit: yesNo('Crédito de ICMS'),
    icmsComplement: yesNo('Complemento de ICMS'),
    allowCalculatedChanges: yesNo('Permite alterar valores calculados'),
    devolution: yesNo('Devolução'),
  },
  derived: { type: derived('Tipo', 'select', z.enum(['entry', 'exit']), { options: TYPES }) },
  derive: (v) => ({ type: cfopType(v.cfop) ?? 'exit' }),
  columns: ['name', 'cfop', 'type', 'status'],
  form: [
    { rows: [['name'], ['cfop', 'type', 'status'], ['accountingCode']] },
    {
      title: 'Parâmetros',
      rows: [
        ['financialMovement', 'ipi', 'pis'],
        ['taxSubstitution', 'outOfState', 'remittance'],
        ['return', 'service', 'consumerSale'],
        ['zfm', 'icmsCredit', 'icmsComplement'],
        ['allowCalculatedChanges', 'devolution'],
      ],
    },
  ],
});
