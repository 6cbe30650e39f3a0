import type { Action, Subject } from '@ev/shared/permissions';

/**
 * The global search's providers (ARCHITECTURE, "Web": each module registers one). The search
 * dialog asks only the providers the user may use (`ability.can(action ?? 'read', subject)`), with
 * the typed term and an AbortSignal that fires when the term changes or the dialog closes.
 */
export interface SearchResult {
  /** Unique within its provider. */
  id: string;
  title: string;
  subtitle?: string;
  /** Where Enter or a click goes (an app path, with its search string if any). */
  to: string;
}

export interface SearchProvider {
  /** Unique; registering the same id again replaces the earlier provider. */
  id: string;
  /** The heading of its group of results, an i18n key with its namespace ('search:groups.pages'). */
  labelKey: string;
  subject: Subject;
  action?: Action;
  /** Called with a non-empty, trimmed term. Should honour `signal` and answer a handful of results. */
  search(term: string, signal: AbortSignal): Promise<SearchResult[]>;
}

const providers = new Map<string, SearchProvider>();
const listeners = new Set<() => void>();
let list: SearchProvider[] = [];

function changed() {
  list = [...providers.values()];
  for (const l of listeners) l();
}

/** Registers a provider; answers the function that removes it. */
export function registerSearchProvider(provider: SearchProvider): () => void {
  providers.set(provider.id, provider);
  changed();
  return () => {
    if (providers.get(provider.id) === provider) {
      providers.delete(provider.id);
      changed();
    }
  };
}

/** Every registered provider, in registration order (a stable array between changes). */
export function searchProviders(): SearchProvider[] {
  return list;
}

export function subscribeSearchProviders(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
