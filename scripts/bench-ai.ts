/**
 * The `ai` part of `npm run bench`: the draft order's matching (issue 46, docs/ai.md "The draft
 * order") over catalogues of 1,000, 5,000 and 20,000 active products (the demo's names, repeated in
 * lines of their own, so the words grow as a real catalogue's do), in process: the index built once
 * per request, then a message of 1, 10 and 50 lines read and matched. The catalogue's read from the
 * table (its list pages) is not in these figures. Figures only.
 */
import { parseOrderText } from '../packages/shared/src/ai/order-text';
import { CatalogueIndex } from '../packages/core/src/ai/matching';
import { ORDER_SAMPLES } from '../packages/core/src/ai/order-samples';
import { demoProducts } from '../packages/core/src/products/demo-data';
import type { Row } from './bench-clients';
import { pct } from './bench-stats';

const LINES = ['Premium', 'Econômica', 'Família', 'Tradicional', 'Especial', 'Festa', 'Clássica', 'Nordeste', 'Serra', 'Vale'];

function catalogueOf(count: number) {
  const base = demoProducts();
  return Array.from({ length: count }, (_, i) => {
    const p = base[i % base.length]!;
    const round = Math.floor(i / base.length);
    return { id: `p${i}`, ref: `R${i}`, name: round ? `${p.name} ${LINES[round % LINES.length]} ${round}` : p.name, package: p.package ?? null, unitName: p.unit, maker: p.maker ?? null };
  });
}

export async function benchAi(opts: { sizes: number[]; rounds: number }): Promise<{ rows: Row[]; seeded: string }> {
  const rows: Row[] = [];
  const message = (lines: number) => ORDER_SAMPLES.flatMap((s) => s.text.split('\n')).slice(0, lines).join('\n');
  for (const size of opts.sizes) {
    const products = catalogueOf(size);
    const builds: number[] = [];
    const times = new Map<number, number[]>([[1, []], [10, []], [50, []]]);
    for (let r = 0; r < opts.rounds; r++) {
      const t0 = performance.now();
      const index = new CatalogueIndex(products);
      builds.push(performance.now() - t0);
      for (const [lines, list] of times) {
        const t1 = performance.now();
        parseOrderText(message(lines), 100).slice(0, 50).map((l) => index.line(l));
        list.push(performance.now() - t1);
      }
    }
    rows.push({ path: `index of ${size} products`, p50: pct(builds, 50), p95: pct(builds, 95), read: '-' });
    for (const [lines, list] of times) rows.push({ path: `${size} products, a message of ${lines} line(s)`, p50: pct(list, 50), p95: pct(list, 95), read: '-' });
  }
  return { rows, seeded: `catalogues of ${opts.sizes.join(', ')} products (the demo's names), ${opts.rounds} rounds each, in process` };
}
