import { fold, searchTerms } from '@ev/shared/text';
import type { SearchProvider, SearchResult } from '@/lib/search-registry';

export interface PageItem {
  title: string;
  section: string;
  to: string;
}

/** True when every word of the term appears in the text, accents and case ignored. */
export function matches(term: string, text: string): boolean {
  const hay = fold(text);
  const needles = searchTerms(term);
  return needles.length > 0 && needles.every((w) => hay.includes(w));
}

/**
 * The pages of the menu as search results: the pages this user may open (the caller hands the
 * visible menu, already filtered by route and ability), matched on label and section.
 */
export function createMenuProvider(pages: () => PageItem[]): SearchProvider {
  return {
    id: 'pages',
    labelKey: 'search:groups.pages',
    subject: 'auth',
    action: 'read',
    async search(term, signal): Promise<SearchResult[]> {
      if (signal.aborted) return [];
      return pages()
        .filter((p) => matches(term, `${p.title} ${p.section}`))
        .slice(0, 10)
        .map((p) => ({ id: p.to, title: p.title, subtitle: p.section, to: p.to }));
    },
  };
}
