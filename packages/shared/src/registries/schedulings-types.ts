import { defineRegistry, nameField, observationsField } from './definition';
import { date, select } from './fields';

export const schedulingsTypes = defineRegistry({
  name: 'schedulings-types',
  subject: 'agendamentos-tipos',
  title: 'Tipos de agendamento',
  singular: 'Tipo de agendamento',
  gender: 'm',
  fields: {
    name: nameField(),
    type: select(
      'Forma de contato',
      [
        { value: 'call', label: 'Ligação' },
        { value: 'visit', label: 'Visita' },
        { value: 'email', label: 'E-mail' },
      ],
      { defaultValue: 'visit' },
    ),
    estimatedDate: date('Data prevista'),
    observations: observationsField(),
  },
  columns: ['name', 'type', 'estimatedDate'],
  form: [{ rows: [['name'], ['type', 'estimatedDate'], ['observations']] }],
});
