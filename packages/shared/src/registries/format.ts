import { formatCfop, formatPlate } from '../br';
import { DEFAULT_DATE_FORMAT, formatCalendarDate } from '../calendar';
import { formatTerm, type FieldSpec } from './fields';

/**
 * A stored value as a person reads it in a list cell or a CSV cell (Brazilian conventions, as Excel
 * in Brazil expects): Sim/Não, the option's label, decimals with a comma, terms as 3-digit groups,
 * dates day/month/year (or in the user's `formatoData`, `dateFormat`), CFOP and old plates with
 * their punctuation.
 */
export function displayValue(spec: FieldSpec | undefined, value: unknown, o: { dateFormat?: string } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  switch (spec?.type) {
    case 'switch':
      return value ? 'Sim' : 'Não';
    case 'select':
      return spec.options?.find((o) => o.value === value)?.label ?? String(value);
    case 'decimal':
      return String(value).replace('.', ',');
    case 'terms':
      return Array.isArray(value) ? value.map((d) => formatTerm(Number(d))).join('/') : String(value);
    case 'date':
      // A business date has no time zone: only the order of its parts follows the user.
      return formatCalendarDate(String(value), o.dateFormat || DEFAULT_DATE_FORMAT);
    case 'cfop':
      return formatCfop(String(value));
    case 'plate':
      return formatPlate(String(value));
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}
