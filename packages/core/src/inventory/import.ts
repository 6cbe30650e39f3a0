import Decimal from 'decimal.js';
import { InventoryTexts, QTY_SCALE } from '@ev/shared/schemas/inventory';
import { fold } from '@ev/shared/text';
import { timestamp } from '../clock';
import { transact } from '../db/tx';
import { defineImport, type ApplyResult, type LineReason } from '../imports/index';
import { Products } from '../products/index';
import { allowedBranches } from './index';
import { LINES_PER_TX, lineSteps, LineRejected, type MovementLine } from './ledger';
import { InventoryRepository, qty } from './repository';

/**
 * The stock import (issue 7 item 6, docs/inventory.md): a CSV `ref;filial;quantidade` stating each
 * product's physical stock in a result center. A line never overwrites the balance: it posts the
 * adjustment that takes the physical stock from what it is to what the line says (reason
 * "Importação de estoque"), on the condition that the stock is still what was read, so the ledger
 * keeps explaining every figure. A line equal to the stock posts nothing: importing the same file
 * again changes nothing.
 */

export const STOCK_IMPORT_COLUMNS = [
  { key: 'ref', header: 'ref', aliases: ['Referência', 'Código', 'Cod', 'Produto'], required: true },
  { key: 'filial', header: 'filial', aliases: ['Filial', 'Centro de resultado', 'Centro'], required: true },
  { key: 'quantidade', header: 'quantidade', aliases: ['Quantidade', 'Qtd', 'Estoque', 'Físico', 'Saldo'], required: true },
] as const;

const T = InventoryTexts;

/** The line reasons as Portuguese strings (keyed `inventory.import*`, docs/texts.md). */
export const StockImportMessages = {
  product: (v: string) => T.importProduct({ value: v }).message,
  branch: (v: string) => T.importBranch({ value: v }).message,
  quantity: (v: string) => T.importQuantity({ value: v, scale: QTY_SCALE }).message,
  repeated: (line: number) => T.importRepeated({ line }).message,
  busy: T.importBusy().message,
};

export const STOCK_IMPORT_REASON = 'Importação de estoque';

interface StockValue {
  productId: string;
  branchId: string;
  /** The physical stock the line states (fixed scale). */
  quantity: string;
}

/** Branches by folded name, nickname and id: the user's allowed ones only. */
type Prepared = Map<string, string>;

const key = (v: string) => fold(v).trim().replace(/\s+/g, ' ');

/** "12,5", "12.5", "1.234,5" → a decimal string at QTY_SCALE places; null when malformed or negative. */
export function importQuantity(cell: string): string | null {
  const v = cell.replace(/\s/g, '');
  let plain: string | null = null;
  if (new RegExp(`^\\d{1,3}(\\.\\d{3})+(,\\d{1,${QTY_SCALE}})?$`).test(v)) plain = v.replace(/\./g, '').replace(',', '.');
  else if (new RegExp(`^\\d{1,12}([.,]\\d{1,${QTY_SCALE}})?$`).test(v)) plain = v.replace(',', '.');
  return plain === null ? null : qty(plain);
}

const ATTEMPTS = 4;

export const stockImport = defineImport<StockValue, Prepared>({
  name: 'stock',
  subject: 'estoques',
  action: 'update',
  title: 'Importar estoque',
  columns: STOCK_IMPORT_COLUMNS,
  batchSize: LINES_PER_TX,
  async prepare() {
    const out: Prepared = new Map();
    for (const b of await allowedBranches()) {
      for (const name of [b.id, b.name, b.nickname]) if (name && !out.has(key(name))) out.set(key(name), b.id);
    }
    return out;
  },
  async check(line, ctx) {
    const { ref, filial, quantidade } = line.cells as Record<'ref' | 'filial' | 'quantidade', string>;
    const branchId = ctx.prepared.get(key(filial));
    if (!branchId) return { error: T.importBranch({ value: filial }) };
    const quantity = importQuantity(quantidade);
    if (quantity === null) return { error: T.importQuantity({ value: quantidade, scale: QTY_SCALE }) };
    const product = await Products.findByRef(ref);
    if (!product) return { error: T.importProduct({ value: ref }) };
    return { value: { productId: product.id, branchId, quantity } };
  },
  fileCheck(accepted) {
    const seen = new Map<string, number>();
    const out: { line: number; error: LineReason }[] = [];
    for (const { line, value } of accepted) {
      const k = `${value.productId}|${value.branchId}`;
      const first = seen.get(k);
      if (first !== undefined) out.push({ line, error: T.importRepeated({ line: first }) });
      else seen.set(k, line);
    }
    return out;
  },
  async apply(values, _ctx, lines): Promise<ApplyResult> {
    let pending = values.map((v, i) => ({ value: v, line: lines[i]! }));
    let updated = 0;
    let unchanged = 0;
    const rejected: { line: number; reason: LineReason }[] = [];
    for (let attempt = 1; pending.length && attempt <= ATTEMPTS; attempt++) {
      const balances = await InventoryRepository.balances(pending.map((p) => p.value));
      const byKey = new Map(balances.map((b) => [`${b.productId}|${b.branchId}`, b]));
      const moves: { line: number; movement: MovementLine; value: StockValue }[] = [];
      for (const p of pending) {
        const stored = byKey.get(`${p.value.productId}|${p.value.branchId}`);
        const delta = new Decimal(p.value.quantity).minus(stored?.physical ?? 0);
        if (delta.isZero()) unchanged++;
        else {
          moves.push({
            line: p.line,
            value: p.value,
            movement: {
              productId: p.value.productId,
              branchId: p.value.branchId,
              kind: 'adjustment',
              quantity: qty(delta),
              reason: STOCK_IMPORT_REASON,
              reference: 'IMPORTAÇÃO',
              expectPhysical: stored ? stored.physical.toFixed() : null,
            },
          });
        }
      }
      if (!moves.length) break;
      const at = timestamp();
      try {
        await transact(moves.flatMap((m, i) => lineSteps(m.movement, i, at).steps));
        updated += moves.length;
        pending = [];
      } catch (e) {
        if (!(e instanceof LineRejected)) throw e;
        // Someone moved a product's stock since the read: read again and post what is still missing.
        pending = moves.map((m) => ({ value: m.value, line: m.line }));
        if (attempt === ATTEMPTS) for (const m of moves) rejected.push({ line: m.line, reason: T.importBusy() });
      }
    }
    return { updated, unchanged, rejected };
  },
});
