import { defineRegistry, observationsField } from './definition';
import { chassis, plate, renavam, text } from './fields';

/** Vehicles: the plate (old or Mercosul) is the natural key; RENAVAM with its check digit; chassis a VIN. */
export const vehicles = defineRegistry({
  name: 'vehicles',
  subject: 'veículos',
  title: 'Veículos',
  singular: 'Veículo',
  gender: 'm',
  fields: {
    plate: plate('Placa'),
    name: text('Nome', { required: true, max: 120 }),
    renavam: renavam('RENAVAM'),
    chassis: chassis('Chassi'),
    manufacturer: text('Fabricante', { max: 60 }),
    model: text('Modelo', { max: 60 }),
    color: text('Cor', { max: 30 }),
    owner: text('Proprietário', { max: 120 }),
    observations: observationsField(),
  },
  naturalKey: { field: 'plate', phrase: 'esta placa' },
  search: ['plate', 'name', 'model'],
  columns: ['plate', 'name', 'model', 'color'],
  form: [{ rows: [['plate', 'name'], ['renavam', 'chassis'], ['manufacturer', 'model', 'color'], ['owner'], ['observations']] }],
});
