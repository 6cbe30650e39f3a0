import type { SaleCatalogueItem } from '@ev/shared/schemas/sales';
import { refreshedLine, type EntryHeader, type EntryLine, type EntryState } from './entry-state';

/**
 * The order entry's screen state: the draft as typed (`EntryState`) and which change the server
 * has, moved by one reducer (docs/sales.md "Order entry").
 */
export type Action =
  | { type: 'load'; state: EntryState }
  | { type: 'header'; patch: Partial<EntryHeader> }
  | { type: 'add'; line: EntryLine }
  | { type: 'line'; key: string; patch: Partial<EntryLine> }
  | { type: 'remove'; key: string }
  /** A removed line put back where it was (the notice's "Desfazer"). */
  | { type: 'restore'; line: EntryLine; at: number }
  /** What the catalogue says of the lines' products now (stock, reasons): no change of the order, nothing to save. */
  | { type: 'refresh'; items: SaleCatalogueItem[] }
  | { type: 'lines'; lines: EntryLine[] }
  | { type: 'saved'; id: string; version: number; rev: number };

export interface Model extends EntryState {
  /** Changes made on this screen (a save remembers the one it carried). */
  rev: number;
  savedRev: number;
}

export function reducer(m: Model, a: Action): Model {
  const changed = (next: Partial<Model>): Model => ({ ...m, ...next, rev: m.rev + 1, dirty: true });
  switch (a.type) {
    case 'load':
      return { ...a.state, rev: 0, savedRev: a.state.dirty ? -1 : 0 };
    case 'header':
      return changed({ header: { ...m.header, ...a.patch } });
    case 'add':
      return changed({ lines: [...m.lines, a.line] });
    case 'line':
      return changed({ lines: m.lines.map((l) => (l.key === a.key ? { ...l, ...a.patch } : l)) });
    case 'remove':
      return changed({ lines: m.lines.filter((l) => l.key !== a.key) });
    case 'restore':
      return m.lines.some((l) => l.key === a.line.key) ? m : changed({ lines: [...m.lines.slice(0, a.at), a.line, ...m.lines.slice(a.at)] });
    case 'lines':
      return changed({ lines: a.lines });
    case 'refresh': {
      const by = new Map(a.items.map((i) => [i.productId, i]));
      return { ...m, lines: m.lines.map((l) => (by.has(l.productId) ? refreshedLine(l, by.get(l.productId)!) : l)) };
    }
    case 'saved':
      return { ...m, id: a.id, version: a.version, savedRev: a.rev, dirty: m.rev !== a.rev };
  }
}

/** The answers a close carries: go on with the stock available, the authorizer's credentials. */
export interface CloseAnswers {
  acceptShortStock?: boolean;
  authorization?: { email: string; password: string };
}

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'offline' } | { kind: 'conflict' } | { kind: 'error'; text: string; fields: Record<string, string> };

/** What the entry asks before it goes on (one dialog at a time: `Questions`). */
export type Question =
  | { kind: 'repeated'; product: SaleCatalogueItem }
  | { kind: 'client'; id: string; name: string }
  | { kind: 'nature'; id: string | null }
  | { kind: 'company'; id: string | null }
  | { kind: 'shortStock'; text: string }
  | { kind: 'password' }
  | { kind: 'delete' }
  | { kind: 'cancelLine'; key: string; name: string }
  | { kind: 'discard' };

/** What the entry corrects when it edits a pending sale (`/sales/{id}/edit`) rather than typing a draft. */
export interface Editing {
  number: number;
  decimals: number;
}
