import { defineRegistry, nameField, observationsField } from './definition';
import { document } from './fields';

/** Card flags (bandeiras): the cpfcnpj is a CPF or a CNPJ, the alphanumeric CNPJ included. */
export const flags = defineRegistry({
  name: 'flags',
  subject: 'bandeiras',
  title: 'Bandeiras',
  singular: 'Bandeira',
  gender: 'f',
  fields: {
    name: nameField(),
    cpfcnpj: document('CPF/CNPJ', { hint: 'CPF ou CNPJ da administradora; o CNPJ pode ter letras nas 12 primeiras posições.' }),
    observations: observationsField(),
  },
  columns: ['name', 'cpfcnpj', 'observations'],
  form: [{ rows: [['name', 'cpfcnpj'], ['observations']] }],
});
