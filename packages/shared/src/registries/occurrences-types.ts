import { defineRegistry, nameField, observationsField } from './definition';
import { select } from './fields';

export const occurrencesTypes = defineRegistry({
  name: 'occurrences-types',
  subject: 'tipos-ocorrências',
  title: 'Tipos de ocorrência',
  singular: 'Tipo de ocorrência',
  gender: 'm',
  fields: {
    name: nameField(),
    type: select(
      'Tipo',
      [
        { value: 'general', label: 'Geral' },
        { value: 'commercial', label: 'Comercial' },
        { value: 'financial', label: 'Financeiro' },
        { value: 'schedulings', label: 'Agendamentos' },
      ],
      { defaultValue: 'general' },
    ),
    observations: observationsField(),
  },
  columns: ['name', 'type', 'observations'],
  form: [{ rows: [['name', 'type'], ['observations']] }],
});
