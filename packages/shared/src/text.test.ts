import { describe, expect, it } from 'vitest';
import { searchTerms, words } from './text';

describe('words and searchTerms: one split for what is stored and what is searched', () => {
  it('keeps a joined word whole and adds what follows each joint; the query keeps it whole', () => {
    expect(words('auth.login por Ana')).toEqual(['auth.login', 'por', 'ana', 'login']);
    expect(words('Mercado São-José, aviso_entrega ana@exemplo.com.br')).toEqual(['mercado', 'sao-jose', 'aviso_entrega', 'ana@exemplo.com.br', 'jose', 'entrega', 'exemplo.com.br', 'com.br', 'br']);
    expect(searchTerms('Auth.Login')).toEqual(['auth.login']);
    expect(searchTerms('  auth  login. ')).toEqual(['auth', 'login']);
  });

  it('every term of a query begins a word of the text it was copied from, whole or in parts', () => {
    const stored = 'users.update ana@exemplo.com.br Pré-venda nº 12/2026';
    for (const q of ['users.update', 'users.upd', 'update', 'ana@exemplo', 'exemplo.com', 'pre-venda', 'venda', 'nº 12/2026', '2026']) {
      const own = words(stored);
      expect(searchTerms(q).every((t) => own.some((w) => w.startsWith(t))), q).toBe(true);
    }
  });
});
