import { renavamCheckDigit } from '@ev/shared/br';
import type { RegistryDefinition } from '@ev/shared/registries/definition';

/** A valid value for a field type, built from the declaration alone (so every registry, and any new one, is covered). */
function sampleValue(def: RegistryDefinition, field: string, i: number): unknown {
  const spec = def.fields[field]!;
  switch (spec.type) {
    case 'switch':
      // An exclusive flag (the default price table) would move between the samples: left off.
      return spec.exclusive ? false : i % 2 === 0;
    case 'select':
      return spec.options?.[i % spec.options.length]?.value;
    case 'terms':
      return ['030', '060'];
    case 'bank-code':
      return '237';
    case 'decimal':
      return spec.scale === 2 ? '150,00' : '2,5';
    case 'date':
      return '2026-03-15';
    case 'document':
      return '529.982.247-25';
    case 'plate':
      return `TST${String(1000 + (i % 9000))}`;
    case 'renavam': {
      const base = String(1_000_000 + i).padStart(10, '0');
      return `${base}${renavamCheckDigit(base)}`;
    }
    case 'chassis':
      return '9BWZZZ377VT004251';
    case 'cfop':
      return i % 2 === 0 ? '5102' : '1202';
    case 'reference':
      return null;
    case 'references':
      return [];
    case 'textarea':
      return `Observação ${i}`;
    default:
      return spec.maxLength && spec.maxLength < 10 ? '9' : `${spec.label} ${i}`;
  }
}

/**
 * A valid create body for any registry: `name` (and the natural key, when it is another field)
 * from the arguments, every other field a valid value of its type.
 */
export function sampleInput(def: RegistryDefinition, name: string, i = 1, over: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of Object.keys(def.input.shape)) body[field] = sampleValue(def, field, i);
  if ('name' in body) body.name = name;
  return { ...body, ...over };
}

/** The value of the natural key a sample body with this name and index has. */
export function sampleKey(def: RegistryDefinition, name: string, i = 1): string {
  return String(sampleInput(def, name, i)[def.naturalKey.field]);
}
