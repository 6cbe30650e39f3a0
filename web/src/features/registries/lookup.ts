import type { RegistryDefinition } from '@ev/shared/registries/definition';
import { registry } from '@ev/shared/registries/index';
import { notFound, redirect } from '@tanstack/react-router';
import { abilityFrom } from '@/lib/ability';
import { session } from '@/lib/session';

/**
 * The beforeLoad of the generic registry routes: the declaration named by the path (an unknown name
 * is the not-found page) and the ability the page needs (read on the subject for the list, read on
 * the detail subject for a record: units' detail is guarded by clientes; read and create for
 * /{registry}/new) or /403.
 */
export function requireRegistry(name: string, page: 'list' | 'detail' | 'create'): RegistryDefinition {
  const def = registry(name);
  if (!def) throw notFound();
  const ability = abilityFrom(session.get().data?.abilities);
  const allowed = page === 'create' ? ability.can('read', def.subject) && ability.can('create', def.subject) : ability.can('read', page === 'list' ? def.subject : def.detailSubject);
  if (!allowed) throw redirect({ to: '/403' });
  return def;
}
