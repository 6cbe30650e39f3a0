import { describe, expect, it } from 'vitest';
import { FOLLOW_PAGES, followsNextPage } from './follow';

const base = { hasNextPage: true, isFetching: false, isError: false, rows: 0, wanted: 20, pagesSinceAsk: 1 };

describe('a paged list following its short pages', () => {
  it('follows a short page with a cursor until the rows asked for are there', () => {
    expect(followsNextPage(base)).toBe(true);
    expect(followsNextPage({ ...base, rows: 19 })).toBe(true);
    expect(followsNextPage({ ...base, rows: 20 })).toBe(false);
  });

  it('stops after FOLLOW_PAGES pages of one ask, however many records are left, and goes on at the next ask', () => {
    // A filter that matches nothing among a million records: empty pages, each with a cursor.
    let pages = 1;
    while (pages < 1000 && followsNextPage({ ...base, pagesSinceAsk: pages })) pages++;
    expect(pages).toBe(FOLLOW_PAGES);
    // "Carregar mais" counts its pages from where it was pressed.
    expect(followsNextPage({ ...base, pagesSinceAsk: 0, wanted: 40 })).toBe(true);
  });

  it('waits while a page is on its way, after a failure and at the end of the list', () => {
    expect(followsNextPage({ ...base, isFetching: true })).toBe(false);
    expect(followsNextPage({ ...base, isError: true })).toBe(false);
    expect(followsNextPage({ ...base, hasNextPage: false })).toBe(false);
  });
});
