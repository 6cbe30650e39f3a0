import type { Client } from '@ev/shared/schemas/clients';
import type { FinancialPosition } from '@ev/shared/schemas/financial';
import { isIncomplete } from '@ev/shared/schemas/clients';
import { PAYMENT_TYPES } from '@ev/shared/schemas/clients';
import { SaleTexts, TRANSPORT_COSTINGS, type Sale, type SaleCatalogueItem } from '@ev/shared/schemas/sales';
import { businessDate } from '@ev/shared/calendar';
import { ruledSalesman } from '@ev/shared/sales/salesman';
import { splitInstallments } from '@ev/shared/sales/totals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlocks } from '@/components/loading-blocks';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Combobox } from '@/components/ui/combobox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, selectClass } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors, apiText, textOf } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useFormat } from '@/lib/format';
import { locate } from '@/lib/geolocation';
import { notify } from '@/lib/notices';
import { useSession } from '@/lib/use-session';
import { catalogue, catalogueReason, clientFinancialChanged, clientProductsOptions, cloneSale, closeDraft, completeClient, createDraft, deleteDraft, entryClientOptions, entryClientSearchKey, entryFinancialOptions, entrySalesmanSearchKey, entryUserOptions, readDraft, registryOptions, registryRecordOptions, saveDraft, searchEntryClients, searchEntrySalesmen } from './entry-api';
import { bodyOf, dropLocal, emptyHeader, lineOf, readLocal, stateOf, storeLocal, totalsOf, trimPrice, type BodyRules, type EntryHeader, type EntryLine, type EntryState } from './entry-state';
import { ItemRow, type LineOrder, type RowRules } from './item-row';
import { ExtraData } from './extra-data';
import { ProductSearch } from './product-search';
import { Suggestions } from './suggestions';

const SAVE_DELAY_MS = 800;

type Action =
  | { type: 'load'; state: EntryState }
  | { type: 'header'; patch: Partial<EntryHeader> }
  | { type: 'add'; line: EntryLine }
  | { type: 'line'; key: string; patch: Partial<EntryLine> }
  | { type: 'remove'; key: string }
  | { type: 'lines'; lines: EntryLine[] }
  | { type: 'saved'; id: string; version: number; rev: number };

interface Model extends EntryState {
  /** Changes made on this screen (a save remembers the one it carried). */
  rev: number;
  savedRev: number;
}

function reducer(m: Model, a: Action): Model {
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
    case 'lines':
      return changed({ lines: a.lines });
    case 'saved':
      return { ...m, id: a.id, version: a.version, savedRev: a.rev, dirty: m.rev !== a.rev };
  }
}

/** The answers a close carries: go on with the stock available, the authorizer's credentials. */
interface CloseAnswers {
  acceptShortStock?: boolean;
  authorization?: { email: string; password: string };
}

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'offline' } | { kind: 'conflict' } | { kind: 'error'; text: string; fields: Record<string, string> };

type Question =
  | { kind: 'repeated'; product: SaleCatalogueItem }
  | { kind: 'client'; id: string; name: string }
  | { kind: 'nature'; id: string | null }
  | { kind: 'company'; id: string | null }
  | { kind: 'shortStock'; text: string }
  | { kind: 'password' }
  | { kind: 'delete' }
  | { kind: 'cancelLine'; key: string; name: string }
  | { kind: 'discard' };

function Section({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-base font-semibold">
            {title}
          </h2>
          {aside}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}

/** What the entry corrects when it edits a pending sale (`/sales/{id}/edit`) rather than typing a draft. */
interface Editing {
  number: number;
  decimals: number;
}

/**
 * `/sales/create/{id?}`: the order entry (docs/sales.md "Order entry"); `mode="edit"` on
 * `/sales/{id}/edit`: the same screen correcting a pending sale (docs/sales.md "Correcting a
 * pending sale"), saved at once by the user rather than as he types.
 */
export function SaleEntryPage({ id, mode = 'draft' }: { id: string | null; mode?: 'draft' | 'edit' }) {
  const { t } = useTranslation('sales');
  const session = useSession().data;
  const userId = session?.user.id ?? '';
  const settings = session?.company.settings;
  const sales = settings?.sales;
  const costing = sales?.defaultTransportCosting ?? 1;
  const fresh = (): Model => {
    const local = readLocal(userId, null);
    return { ...(local ?? { id: null, version: null, header: emptyHeader(costing), lines: [], dirty: false }), rev: 0, savedRev: local?.dirty ? -1 : 0 };
  };
  const [loaded, setLoaded] = useState<Model | null>(() => (id ? null : fresh()));
  const [loadError, setLoadError] = useState<string | null>(null);
  /** The draft this screen created: its id arriving in the URL is not a new draft to read. */
  const [created, setCreated] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [shownId, setShownId] = useState(id);
  if (shownId !== id) {
    // Another draft (or a new order) opened on the same route: start over.
    setShownId(id);
    if (!(id && id === created)) {
      setLoaded(id ? null : fresh());
      setLoadError(null);
    }
  }

  useEffect(() => {
    if (!id || id === created) return;
    let live = true;
    const local = readLocal(userId, id);
    readDraft(id)
      .then((sale) => {
        if (!live) return;
        if (mode === 'edit' ? sale.status !== 'pending' : sale.status !== 'typing') {
          setLoadError(textOf(mode === 'edit' ? SaleTexts.editNotPending() : SaleTexts.notDraft()));
          return;
        }
        if (mode === 'edit') setEditing({ number: sale.number ?? 0, decimals: sale.decimals });
        // What this browser typed over the version it read, and did not save yet, wins; a newer
        // version saved elsewhere wins over an older local copy.
        const state = local && local.dirty && local.version === sale.version ? local : stateOf(sale, costing);
        setLoaded({ ...state, rev: 0, savedRev: state.dirty ? -1 : 0 });
      })
      .catch((e: unknown) => live && setLoadError(apiErrorText(e, t('entry.loadFailed'))));
    return () => {
      live = false;
    };
  }, [id, created, userId, costing, t, mode]);

  if (!session || !sales) return null;
  if (!session.branch && mode === 'draft') {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={t('entry.titleNew')} />
        <Alert variant="warning">{apiText('noBranches')}</Alert>
      </div>
    );
  }
  if (loadError) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={mode === 'edit' ? t('entry.edit') : t('entry.titleDraft')} />
        <Alert variant="error">{loadError}</Alert>
        {mode === 'edit' && id ? (
          <Link to="/sales/$id" params={{ id }} className="text-sm text-primary underline">
            {t('entry.backToSale')}
          </Link>
        ) : (
          <Link to="/sales" search={{ tab: 'drafts' }} className="text-sm text-primary underline">
            {t('entry.backToDrafts')}
          </Link>
        )}
      </div>
    );
  }
  if (!loaded || (mode === 'edit' && !editing)) return <LoadingBlocks label={t('loading')} rows={[{ count: 3, columns: 'sm:grid-cols-2 lg:grid-cols-3', height: 'h-10' }, { count: 1, height: 'h-40' }]} />;
  return <Entry key={loaded.id ?? 'new'} initial={loaded} onCreated={setCreated} editing={mode === 'edit' ? editing : null} />;
}

function Entry({ initial, onCreated, editing }: { initial: Model; onCreated(id: string): void; editing: Editing | null }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession().data!;
  const userId = session.user.id;
  const branch = session.branch;
  const sales = session.company.settings.sales;
  const further = session.company.settings.further;
  // A pending sale keeps its branch's decimals; a draft takes the session's branch's.
  const decimals = editing?.decimals ?? branch?.casasDecimais ?? 2;
  const [m, dispatch] = useReducer(reducer, initial);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [question, setQuestion] = useState<Question | null>(null);
  const [closeError, setCloseError] = useState<{ text: string; fields: Record<string, string> } | null>(null);
  const [closing, setClosing] = useState(false);
  const [auth, setAuth] = useState({ email: '', password: '' });
  const closeKey = useRef<string | null>(null);
  const answered = useRef<CloseAnswers>({});
  const h = m.header;

  // The records the order points to.
  const client = useQuery(entryClientOptions(h.clientId));
  const showTitles = session.company.settings.customers.showPendingTitlesAndCredits;
  const showFuture = further.showFutureReceivables;
  const financial = useQuery(entryFinancialOptions(h.clientId, showTitles || showFuture));
  const natures = useQuery(registryOptions('natures'));
  // The sale types offered: active exit natures (a purchase nature is no sale), and the draft's own as it was chosen.
  const saleNatures = (natures.data ?? []).filter((n) => (n.status === 'active' && n.type !== 'entry') || n.id === h.natureId);
  const vehicles = useQuery(registryOptions('vehicles'));
  const conditions = useQuery(registryOptions('payments-conditions'));
  const tables = useQuery(registryOptions('price-tables', sales.enableNegotiations));
  const companies = useQuery(registryOptions('product-companies', sales.showCompanies));
  // What the client bought lately: the suggestions and the last prices, where the company uses them.
  const usual = useQuery(clientProductsOptions(h.clientId, sales.suggestProducts || further.lastPrice));
  const lastPrices = useMemo(
    () => (further.lastPrice && usual.data ? new Map(usual.data.items.map((i) => [i.productId, { unitPrice: i.lastUnitPrice, date: i.lastDate }])) : null),
    [further.lastPrice, usual.data],
  );
  const onOrder = useMemo(() => new Set(m.lines.map((l) => l.productId)), [m.lines]);
  const nature = useQuery(registryRecordOptions('natures', h.natureId));
  const condition = useQuery(registryRecordOptions('payments-conditions', h.paymentConditionId));

  const free = h.situation === 'free';
  const noPayment = free || nature.data?.financialMovement === false;
  // A sale always has a salesman: where none follows from the rules (a client without one, a user
  // who does not sell), the entry asks for it (docs/sales.md "Rules at a save").
  const askSalesman =
    !!client.data &&
    ruledSalesman({ useOriginalSalesman: further.useOriginalSalesman, clientSalesmanId: client.data.salesmanId, user: { id: userId, sells: !!(session.user.vendedor || session.user.supervisor) } }) === null;
  const salesmanRecord = useQuery(entryUserOptions(h.salesmanId ?? null, askSalesman && !h.salesmanName));
  const lineOrder: LineOrder = useMemo(() => ({ generalDiscountPercent: h.generalDiscountPercent, free }), [h.generalDiscountPercent, free]);
  const rates = condition.data ? { discountRate: (condition.data.discountRate as string | null) ?? null, surchargeRate: (condition.data.surchargeRate as string | null) ?? null } : null;
  const totals = useMemo(() => totalsOf(m, rates, decimals, noPayment), [m, rates?.discountRate, rates?.surchargeRate, decimals, noPayment]); // eslint-disable-line react-hooks/exhaustive-deps
  const terms = ((condition.data?.terms as (number | string)[] | undefined) ?? []).map(Number);
  const today = businessDate(session.company.fuso, new Date());
  const installments = !noPayment && condition.data && totals.count > 0 ? splitInstallments(totals.total, terms, today, decimals) : [];

  // Kept in this browser on every change, until the server has it.
  useEffect(() => {
    if (m.dirty) storeLocal(userId, m);
  }, [m, userId]);

  // Saved as the user goes: debounced, over the version read (another tab's save answers 409).
  // One save at a time; each reads the latest state and version (a close waits for the save in flight).
  const meaningful = !!h.clientId || m.lines.length > 0;
  const latest = useRef(m);
  const server = useRef({ id: initial.id, version: initial.version, rev: initial.savedRev });
  const inflight = useRef<Promise<{ id: string; version: number } | null> | null>(null);
  /** What the body leaves out, as this render shows it (a save reads the latest). */
  const bodyRules = useRef<BodyRules>({ noPayment, askSalesman });
  /** Set once the draft is closed or deleted: nothing is saved after. */
  const leaving = useRef(false);
  useEffect(() => {
    latest.current = m;
  }, [m]);
  useEffect(() => {
    bodyRules.current = { noPayment, askSalesman };
  }, [noPayment, askSalesman]);
  const flush = useCallback(async (): Promise<{ id: string; version: number } | null> => {
    while (inflight.current) await inflight.current;
    if (leaving.current) return null;
    const cur = latest.current;
    const known = server.current;
    if (known.id && known.version && known.rev === cur.rev) return { id: known.id, version: known.version };
    if (!cur.header.clientId && !cur.lines.length) return null;
    const run = (async () => {
      setSave({ kind: 'saving' });
      try {
        const sale = known.id && known.version ? await saveDraft(known.id, known.version, bodyOf(cur, bodyRules.current)) : await createDraft(bodyOf(cur, bodyRules.current));
        server.current = { id: sale.id, version: sale.version, rev: cur.rev };
        dispatch({ type: 'saved', id: sale.id, version: sale.version, rev: cur.rev });
        setSave({ kind: 'saved' });
        if (!known.id) {
          dropLocal(userId, null);
          storeLocal(userId, { ...latest.current, id: sale.id, version: sale.version, dirty: latest.current.rev !== cur.rev });
          onCreated(sale.id);
          void navigate({ to: '/sales/create/{-$id}', params: { id: sale.id }, replace: true });
        } else if (latest.current.rev === cur.rev) dropLocal(userId, sale.id);
        return { id: sale.id, version: sale.version };
      } catch (e) {
        const fallback = textOf(known.id ? SaleTexts.draftUpdate() : SaleTexts.draftCreate());
        if (e instanceof ApiError && e.code === 'conflict.version') setSave({ kind: 'conflict' });
        else if (e instanceof ApiError && e.status < 500) setSave({ kind: 'error', text: apiErrorText(e, fallback), fields: Object.fromEntries(apiFieldErrors(e).map((f) => [f.field, f.message])) });
        else if (!(e instanceof ApiError)) setSave({ kind: 'offline' });
        else setSave({ kind: 'error', text: fallback, fields: {} });
        return null;
      }
    })();
    inflight.current = run;
    try {
      return await run;
    } finally {
      inflight.current = null;
    }
  }, [navigate, userId, onCreated]);

  useEffect(() => {
    // A pending sale being corrected is saved by the user, whole, once (`saveEdit`).
    if (editing || !m.dirty || !meaningful || save.kind === 'conflict') return;
    const timer = setTimeout(() => void flush(), save.kind === 'offline' ? 5_000 : SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [m.rev, m.dirty, meaningful, flush, save.kind, editing]);

  // Leaving with unsaved changes asks first (the copy in this browser stays anyway).
  // The entry's own moves (the draft's id put in the URL, a closed or deleted draft) never ask.
  const unsaved = useRef(false);
  useEffect(() => {
    unsaved.current = m.dirty && meaningful;
  }, [m.dirty, meaningful]);
  useBlocker({
    shouldBlockFn: ({ current, next }) => !leaving.current && current.routeId !== next.routeId && unsaved.current && !window.confirm(t('entry.leaveConfirm')),
    enableBeforeUnload: () => !leaving.current && unsaved.current,
  });

  const checkStock = sales.checkStock || h.consigned;
  // One object while the settings stay: the memoised rows render again only when their own line changes.
  const rules: RowRules = useMemo(
    () => ({ checkStock, priceLocked: sales.blockPriceChange, itemDiscounts: sales.itemDiscounts, passwordAuthorization: further.passwordAuthorization, showTablePrice: further.tablePrice }),
    [checkStock, sales.blockPriceChange, sales.itemDiscounts, further.passwordAuthorization, further.tablePrice],
  );
  const onLine = useCallback((key: string, patch: Partial<EntryLine>) => dispatch({ type: 'line', key, patch }), []);
  const onRemove = useCallback((key: string) => dispatch({ type: 'remove', key }), []);
  const [cancelReason, setCancelReason] = useState('');
  const onCancelLine = useCallback((key: string) => {
    setCancelReason('');
    setQuestion({ kind: 'cancelLine', key, name: latest.current.lines.find((l) => l.key === key)?.name ?? '' });
  }, []);
  const fieldErrors = { ...(save.kind === 'error' ? save.fields : {}), ...(closeError?.fields ?? {}) };

  // --- the client ---------------------------------------------------------------------------
  async function applyClient(id: string, name: string) {
    const c = await queryClient.fetchQuery(entryClientOptions(id)).catch(() => null);
    dispatch({ type: 'lines', lines: [] });
    dispatch({ type: 'header', patch: { ...prefill(c, session.company), clientId: id, clientName: name } });
    setCloseError(null);
  }
  function chooseClient(id: string | null, name: string) {
    if (!id || id === h.clientId) return;
    if (m.lines.length) setQuestion({ kind: 'client', id, name });
    else void applyClient(id, name);
  }
  function prefill(c: Client | null, company: typeof session.company): Partial<EntryHeader> {
    if (!c) return {};
    const join = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join('\n');
    const delivery = c.addresses.find((a) => a.delivery) ?? c.addresses.find((a) => a.main) ?? null;
    return {
      natureId: c.natureId ?? h.natureId,
      paymentType: c.paymentType ?? h.paymentType,
      paymentConditionId: c.paymentConditionIds[0] ?? (c.paymentConditionIds.length ? null : h.paymentConditionId),
      productCompanyId: sales.showCompanies ? (c.productCompanyId ?? null) : null,
      priceTableId: sales.enableNegotiations && sales.autoLoadNegotiations ? (c.priceTableId ?? null) : null,
      generalDiscountPercent: sales.orderDiscounts ? (c.generalDiscount ?? '') : '',
      shippingAddressId: delivery?.id ?? null,
      invoiceObservation: join(company.observacaoNota, c.observations.note),
      internalObservation: join(company.observacaoVenda, c.observations.order),
    };
  }

  // --- the products -------------------------------------------------------------------------
  function addProduct(p: SaleCatalogueItem, confirmed = false) {
    if (!confirmed && m.lines.some((l) => l.productId === p.productId)) {
      setQuestion({ kind: 'repeated', product: p });
      return;
    }
    dispatch({ type: 'add', line: lineOf(p) });
  }
  async function reprice(priceTableId: string | null) {
    dispatch({ type: 'header', patch: { priceTableId } });
    if (!m.lines.length || !h.clientId) return;
    try {
      const answer = await catalogue({ clientId: h.clientId, priceTableId, productIds: [...new Set(m.lines.map((l) => l.productId))] });
      const by = new Map(answer.items.map((i) => [i.productId, i]));
      dispatch({
        type: 'lines',
        lines: m.lines.map((l) => {
          const p = by.get(l.productId);
          if (!p) return l;
          return { ...l, listPrice: p.price, priceSource: p.source, reason: catalogueReason(p), available: p.available, unitPrice: p.price ? trimPrice(p.price) : l.unitPrice };
        }),
      });
    } catch (e) {
      setSave({ kind: 'error', text: apiErrorText(e, t('entry.repriceFailed')), fields: {} });
    }
  }
  function chooseNature(id: string | null) {
    if (id === h.natureId) return;
    if (m.lines.length) setQuestion({ kind: 'nature', id });
    else dispatch({ type: 'header', patch: { natureId: id } });
  }
  function chooseCompany(id: string | null) {
    if (id === h.productCompanyId) return;
    if (id && m.lines.some((l) => l.productCompanyId && l.productCompanyId !== id)) setQuestion({ kind: 'company', id });
    else dispatch({ type: 'header', patch: { productCompanyId: id } });
  }

  // --- closing ------------------------------------------------------------------------------
  async function close(extra: CloseAnswers = {}) {
    // What the user answered to this close's questions so far (short stock, the authorizer) goes with each retry.
    const answers = (answered.current = { ...answered.current, ...extra });
    setClosing(true);
    setCloseError(null);
    try {
      const saved = await flush();
      if (!saved) {
        setClosing(false);
        return;
      }
      let geolocation = null;
      // Captured where the company enables or requires it; only "required" stops a close without it (docs/sales.md "Geolocation").
      if (sales.geolocationEnabled || sales.geolocationRequired) {
        const where = await locate({ required: sales.geolocationRequired });
        if (where.ok) {
          // The order keeps the point and its accuracy (the sales schema's `Geolocation`), not the fix's other readings.
          geolocation = { latitude: where.position.latitude, longitude: where.position.longitude, accuracy: where.position.accuracy };
        } else if (where.blocking) {
          setCloseError({ text: textOf(where.said), fields: {} });
          setClosing(false);
          return;
        } else notify({ kind: 'info', text: textOf(where.said) });
      }
      closeKey.current ??= crypto.randomUUID();
      const sale = await closeDraft(saved.id, { version: saved.version, acceptShortStock: answers.acceptShortStock ?? false, geolocation, authorization: answers.authorization ?? null }, closeKey.current);
      dropLocal(userId, saved.id);
      dispatch({ type: 'load', state: { ...m, dirty: false } });
      leaving.current = true;
      notify({ kind: 'success', text: textOf(SaleTexts.closed({ number: sale.number ?? '' })) });
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
      if (sale.clientId) void clientFinancialChanged(queryClient, sale.clientId);
      void navigate({ to: '/sales/$id', params: { id: sale.id } });
    } catch (e) {
      // An answer from the server ends this attempt; a lost answer keeps its key, so the retry is the same close.
      if (e instanceof ApiError) closeKey.current = null;
      const fields = Object.fromEntries(apiFieldErrors(e).map((f) => [f.field, f.message]));
      if (e instanceof ApiError && e.code === 'sales.stock_lower') setQuestion({ kind: 'shortStock', text: Object.values(fields).join(' ') || apiErrorText(e, '') });
      else if (e instanceof ApiError && e.code === 'sales.authorization_required') setQuestion({ kind: 'password' });
      else {
        answered.current = {};
        setCloseError({ text: apiErrorText(e, textOf(SaleTexts.draftClose())), fields });
        if (e instanceof ApiError && e.code === 'conflict.version') setSave({ kind: 'conflict' });
      }
      // A refused close read the version: the draft may have moved on (a failed close undoes its mark).
      const known = server.current;
      if (known.id) {
        void readDraft(known.id)
          .then((s) => {
            server.current = { ...server.current, version: s.version };
            dispatch({ type: 'saved', id: s.id, version: s.version, rev: server.current.rev });
          })
          .catch(() => undefined);
      }
    } finally {
      setClosing(false);
    }
  }

  // --- correcting a pending sale ------------------------------------------------------------------
  async function saveEdit(extra: CloseAnswers = {}) {
    const answers = (answered.current = { ...answered.current, ...extra });
    const cur = latest.current;
    if (!cur.id || !cur.version) return;
    setClosing(true);
    setCloseError(null);
    try {
      const sale = await saveDraft(cur.id, cur.version, { ...bodyOf(cur, bodyRules.current), authorization: answers.authorization ?? null });
      dropLocal(userId, sale.id);
      dispatch({ type: 'load', state: { ...cur, dirty: false } });
      leaving.current = true;
      notify({ kind: 'success', text: textOf(SaleTexts.edited({ number: sale.number ?? '' })) });
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
      if (sale.clientId) void clientFinancialChanged(queryClient, sale.clientId);
      void navigate({ to: '/sales/$id', params: { id: sale.id } });
    } catch (e) {
      const fields = Object.fromEntries(apiFieldErrors(e).map((f) => [f.field, f.message]));
      if (e instanceof ApiError && e.code === 'sales.authorization_required') setQuestion({ kind: 'password' });
      else {
        answered.current = {};
        setCloseError({ text: apiErrorText(e, t('entry.editFailed')), fields });
        if (e instanceof ApiError && e.code === 'conflict.version') setSave({ kind: 'conflict' });
      }
    } finally {
      setClosing(false);
    }
  }

  function discardEdit() {
    setQuestion(null);
    dropLocal(userId, m.id);
    leaving.current = true;
    if (m.id) void navigate({ to: '/sales/$id', params: { id: m.id } });
  }

  async function removeDraft() {
    setQuestion(null);
    if (!m.id) {
      dropLocal(userId, null);
      dispatch({ type: 'load', state: { id: null, version: null, header: emptyHeader(sales.defaultTransportCosting), lines: [], dirty: false } });
      return;
    }
    try {
      await deleteDraft(m.id);
      dropLocal(userId, m.id);
      dispatch({ type: 'load', state: { ...m, dirty: false } });
      leaving.current = true;
      notify({ kind: 'success', text: textOf(SaleTexts.removed()) });
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
      void navigate({ to: '/sales', search: { tab: 'drafts' } });
    } catch (e) {
      setCloseError({ text: apiErrorText(e, textOf(SaleTexts.draftDelete())), fields: {} });
    }
  }

  async function cloneDraft() {
    const saved = await flush();
    if (!saved) return;
    try {
      const copy = await cloneSale(saved.id);
      notify({ kind: 'success', text: t('entry.cloned') });
      void navigate({ to: '/sales/create/{-$id}', params: { id: copy.id } });
    } catch (e) {
      setCloseError({ text: apiErrorText(e, textOf(SaleTexts.draftCreate())), fields: {} });
    }
  }

  const clientRecord = client.data;
  const clientIncomplete = !!clientRecord && sales.checkCustomerRegistration && isIncomplete(clientRecord);
  const allowedConditions = clientRecord?.paymentConditionIds.length ? (conditions.data ?? []).filter((c) => clientRecord.paymentConditionIds.includes(c.id)) : (conditions.data ?? []);
  const paymentTypeLocked = sales.blockPayment && !!clientRecord?.paymentType;
  const conditionLocked = sales.blockPayment && clientRecord?.paymentConditionIds.length === 1;
  const consignable = !editing && !!branch && branch.vendaConsignadaDias > 0;

  const saveText = editing
    ? m.dirty
      ? t('entry.editDirty')
      : t('entry.editClean')
    : save.kind === 'saving'
      ? t('entry.saving')
      : save.kind === 'offline'
        ? t('entry.offline')
        : m.dirty && meaningful
          ? t('entry.unsaved')
          : m.id
            ? t('entry.savedState')
            : t('entry.notStarted');

  return (
    <div className="flex flex-col gap-4 pb-10">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <PageHeader
          title={editing ? t('entry.titleEdit', { number: editing.number }) : m.id ? t('entry.titleDraft') : t('entry.titleNew')}
          description={editing ? t('entry.descriptionEdit') : t('entry.description')}
        />
        <p role="status" aria-live="polite" data-testid="save-state" className="text-sm text-muted-foreground">
          {saveText}
        </p>
      </div>
      {save.kind === 'conflict' && (
        <Alert variant="error">
          <p>{editing ? t('entry.editConflict') : t('entry.conflict')}</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => {
              dropLocal(userId, m.id);
              window.location.reload();
            }}
          >
            {editing ? t('entry.reloadSale') : t('entry.reloadDraft')}
          </Button>
        </Alert>
      )}
      {save.kind === 'error' && <Alert variant="error">{save.text}</Alert>}

      <Section id="entry-client" title={t('entry.client')}>
        {editing ? (
          <p className="text-sm" data-testid="entry-client-fixed">
            <span className="font-medium">{h.clientName}</span>
            <span className="ms-2 text-muted-foreground">{t('entry.clientFixed')}</span>
          </p>
        ) : (
          <FormField label={t('entry.client')} error={fieldErrors.clientId}>
            <Combobox
              value={h.clientId}
              selectedLabel={h.clientName}
              queryKey={entryClientSearchKey}
              texts={{ placeholder: t('entry.chooseClient'), search: t('entry.searchClient'), empty: t('entry.noClients'), loading: t('entry.loading'), failed: t('entry.searchFailed') }}
              search={async (q, signal) =>
                (await searchEntryClients(q, signal)).map((c) => ({
                  value: c.id,
                  label: c.name,
                  description: [c.nickname, c.document, c.phone1, c.blocked || c.situation === 'analysis' || c.situation === 'problem' ? t('entry.clientBlockedShort') : null].filter(Boolean).join(' · '),
                  disabled: c.situation === 'analysis' || c.situation === 'problem',
                }))
              }
              onChange={(value, option) => chooseClient(value, option?.label ?? '')}
            />
          </FormField>
        )}
        {clientRecord && <ClientInfo client={clientRecord} financial={financial.data ?? null} showTitles={showTitles} showFuture={showFuture} decimals={decimals} />}
        {askSalesman && (
          <FormField label={t('entry.salesman')} error={fieldErrors.salesmanId} hint={t('entry.salesmanHint')}>
            <Combobox
              value={h.salesmanId ?? null}
              selectedLabel={h.salesmanName ?? salesmanRecord.data?.name ?? null}
              queryKey={entrySalesmanSearchKey}
              texts={{ placeholder: t('entry.chooseSalesman'), search: t('entry.searchSalesman'), empty: t('entry.noSalesmen'), loading: t('entry.loading'), failed: t('entry.searchFailed') }}
              search={async (q, signal) => (await searchEntrySalesmen(q, signal)).map((u) => ({ value: u.id, label: u.name, description: u.nickname ?? u.email }))}
              onChange={(value, option) => dispatch({ type: 'header', patch: { salesmanId: value, salesmanName: option?.label ?? null } })}
            />
          </FormField>
        )}
        {clientIncomplete && clientRecord && <CompleteClient client={clientRecord} />}
      </Section>

      <Section id="entry-order" title={t('entry.order')}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sales.showCompanies && (
            <FormField label={t('entry.productCompany')} error={fieldErrors.productCompanyId}>
              <select className={selectClass} value={h.productCompanyId ?? ''} onChange={(e) => chooseCompany(e.target.value || null)}>
                <option value="">{t('entry.allCompanies')}</option>
                {(companies.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <FormField label={t('entry.nature')} error={fieldErrors.natureId}>
            <select className={selectClass} value={h.natureId ?? ''} onChange={(e) => chooseNature(e.target.value || null)}>
              <option value="">{t('entry.none')}</option>
              {saleNatures.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('entry.situation')}>
            <select className={selectClass} value={h.situation} onChange={(e) => dispatch({ type: 'header', patch: { situation: e.target.value as 'normal' | 'free' } })}>
              <option value="normal">{t('entry.situationNormal')}</option>
              <option value="free">{t('entry.situationFree')}</option>
            </select>
          </FormField>
          {sales.enableNegotiations && (
            <FormField label={t('entry.negotiation')} error={fieldErrors.priceTableId}>
              <select className={selectClass} value={h.priceTableId ?? ''} onChange={(e) => void reprice(e.target.value || null)}>
                <option value="">{t('entry.clientTables')}</option>
                {(tables.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <FormField label={t('entry.paymentType')} error={fieldErrors.paymentType} hint={noPayment ? t('entry.noPayment') : paymentTypeLocked ? t('entry.lockedByClient') : undefined}>
            <select className={selectClass} value={noPayment ? '' : (h.paymentType ?? '')} disabled={noPayment || paymentTypeLocked} onChange={(e) => dispatch({ type: 'header', patch: { paymentType: e.target.value || null } })}>
              <option value="">{t('entry.none')}</option>
              {PAYMENT_TYPES.map((p) => (
                <option key={p} value={p}>
                  {t(`entry.paymentTypes.${p}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('entry.paymentCondition')} error={fieldErrors.paymentConditionId} hint={conditionLocked && !noPayment ? t('entry.lockedByClient') : undefined}>
            <select
              className={selectClass}
              value={noPayment ? '' : (h.paymentConditionId ?? '')}
              disabled={noPayment || conditionLocked}
              onChange={(e) => dispatch({ type: 'header', patch: { paymentConditionId: e.target.value || null } })}
            >
              <option value="">{t('entry.none')}</option>
              {allowedConditions.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('entry.costing')} error={fieldErrors['transport.costing']}>
            <select className={selectClass} value={h.costing ?? ''} onChange={(e) => dispatch({ type: 'header', patch: { costing: e.target.value === '' ? null : Number(e.target.value) } })}>
              <option value="">{t('entry.none')}</option>
              {TRANSPORT_COSTINGS.map((c) => (
                <option key={c} value={c}>
                  {t(`entry.costings.${c}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('entry.carrier')}>
            <Input value={h.carrier} maxLength={120} onChange={(e) => dispatch({ type: 'header', patch: { carrier: e.target.value } })} />
          </FormField>
          <FormField label={t('entry.vehicle')} error={fieldErrors['transport.vehicleId']}>
            <select className={selectClass} value={h.vehicleId ?? ''} onChange={(e) => dispatch({ type: 'header', patch: { vehicleId: e.target.value || null } })}>
              <option value="">{t('entry.none')}</option>
              {(vehicles.data ?? []).map((v) => (
                <option key={v.id} value={v.id}>
                  {[v.plate, v.name].filter(Boolean).join(' – ')}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('entry.shippingAddress')}>
            <select className={selectClass} value={h.shippingAddressId ?? ''} onChange={(e) => dispatch({ type: 'header', patch: { shippingAddressId: e.target.value || null } })}>
              <option value="">{t('entry.none')}</option>
              {(clientRecord?.addresses ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {[a.nickname, a.street, a.number, a.city].filter(Boolean).join(', ')}
                </option>
              ))}
            </select>
          </FormField>
          {consignable && (
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input type="checkbox" className="size-4" checked={h.consigned} onChange={(e) => dispatch({ type: 'header', patch: { consigned: e.target.checked } })} />
              {t('entry.consigned', { days: branch.vendaConsignadaDias })}
            </label>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('entry.invoiceObservation')}>
            <textarea className={cn(selectClass, 'h-20 py-2')} maxLength={2000} value={h.invoiceObservation} onChange={(e) => dispatch({ type: 'header', patch: { invoiceObservation: e.target.value } })} />
          </FormField>
          <FormField label={t('entry.internalObservation')}>
            <textarea className={cn(selectClass, 'h-20 py-2')} maxLength={2000} value={h.internalObservation} onChange={(e) => dispatch({ type: 'header', patch: { internalObservation: e.target.value } })} />
          </FormField>
        </div>
        <ExtraData rows={h.extra ?? []} error={fieldErrors.extra} onChange={(extra) => dispatch({ type: 'header', patch: { extra } })} />
      </Section>

      <Section id="entry-items" title={t('entry.items', { count: m.lines.length })}>
        <ProductSearch
          clientId={h.clientId}
          priceTableId={h.priceTableId}
          productCompanyId={h.productCompanyId}
          onAdd={(p) => addProduct(p)}
        />
        {sales.suggestProducts && h.clientId && usual.data && (
          <Suggestions products={usual.data.items} onOrder={onOrder} clientId={h.clientId} priceTableId={h.priceTableId} format={format} decimals={decimals} onAdd={(p) => addProduct(p)} />
        )}
        {fieldErrors.items && <p className="text-sm font-medium text-destructive">{fieldErrors.items}</p>}
        {m.lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('entry.noLines')}</p>
        ) : (
          <ol aria-labelledby="entry-items" className="flex flex-col">
            <li aria-hidden className="hidden text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[2.5rem_minmax(10rem,1fr)_6rem_7rem_5.5rem_7rem_2.5rem] sm:gap-2 sm:pb-2">
              <span>#</span>
              <span>{t('items.name')}</span>
              <span className="text-end">{t('items.quantity')}</span>
              <span className="text-end">{t('items.unitPrice')}</span>
              <span className="text-end">{t('items.discount')}</span>
              <span className="text-end">{t('items.total')}</span>
              <span />
            </li>
            {m.lines.map((line, i) => (
              <ItemRow
                key={line.key}
                line={line}
                position={i + 1}
                net={totals.lines[i]?.net ?? '0'}
                free={free}
                rules={rules}
                order={lineOrder}
                serverError={fieldErrors[`items.${i}.quantity`] ?? fieldErrors[`items.${i}.unitPrice`] ?? fieldErrors[`items.${i}.productId`] ?? fieldErrors[`items.${i}.discountPercent`]}
                lastPrice={lastPrices?.get(line.productId) ?? null}
                format={format}
                decimals={decimals}
                onChange={onLine}
                onRemove={onRemove}
                onCancel={editing ? onCancelLine : undefined}
              />
            ))}
          </ol>
        )}
      </Section>

      <Section id="entry-summary" title={t('entry.summary')}>
        <div className="grid gap-4 sm:grid-cols-4">
          {(
            [
              ['generalDiscountPercent', t('entry.generalDiscount'), !sales.orderDiscounts],
              ['otherDiscount', t('entry.otherDiscount'), !sales.orderDiscounts],
              ['transportIncrease', t('entry.transportIncrease'), false],
              ['otherIncrease', t('entry.otherIncrease'), false],
            ] as const
          ).map(([field, label, off]) => (
            <FormField key={field} label={label} error={fieldErrors[field]}>
              <Input inputMode="decimal" autoComplete="off" disabled={off} className="text-end tabular-nums" value={h[field]} onChange={(e) => dispatch({ type: 'header', patch: { [field]: e.target.value } })} />
            </FormField>
          ))}
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="entry-totals">
          <dt>{t('entry.totalItems', { count: totals.count })}</dt>
          <dd className="text-end tabular-nums">{format.money(totals.items, decimals)}</dd>
          <dt>{t('entry.discountItems')}</dt>
          <dd className="text-end tabular-nums">− {format.money(totals.discounts.items, decimals)}</dd>
          <dt>{t('entry.discountGeneral')}</dt>
          <dd className="text-end tabular-nums">− {format.money(totals.discounts.general, decimals)}</dd>
          <dt>{t('entry.discountPayment')}</dt>
          <dd className="text-end tabular-nums">− {format.money(totals.discounts.payment, decimals)}</dd>
          <dt>{t('entry.discountOther')}</dt>
          <dd className="text-end tabular-nums">− {format.money(totals.discounts.other, decimals)}</dd>
          <dt>{t('entry.increasePayment')}</dt>
          <dd className="text-end tabular-nums">+ {format.money(totals.increases.payment, decimals)}</dd>
          <dt>{t('entry.increaseTransport')}</dt>
          <dd className="text-end tabular-nums">+ {format.money(totals.increases.transport, decimals)}</dd>
          <dt>{t('entry.increaseOther')}</dt>
          <dd className="text-end tabular-nums">+ {format.money(totals.increases.other, decimals)}</dd>
          <dt className="border-t border-border pt-1 text-base font-semibold">{t('entry.total')}</dt>
          <dd className="border-t border-border pt-1 text-end text-base font-semibold tabular-nums" data-testid="entry-total">
            {format.money(totals.total, decimals)}
          </dd>
        </dl>
        {installments.length > 0 && (
          <div className="text-sm">
            <p className="font-medium">{t('entry.installmentsPreview')}</p>
            <ul className="text-muted-foreground">
              {installments.map((p) => (
                <li key={p.installment}>
                  {p.installment} · {format.date(p.dueDate)} · {format.money(p.value, decimals)}
                </li>
              ))}
            </ul>
          </div>
        )}
        {closeError && <Alert variant="error">{closeError.text}</Alert>}
        {editing ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => (m.dirty ? setQuestion({ kind: 'discard' }) : discardEdit())}>
              {t('entry.discardEdit')}
            </Button>
            <Button
              onClick={() => {
                answered.current = {};
                void saveEdit();
              }}
              disabled={closing || !m.dirty || totals.count === 0}
            >
              {closing ? t('entry.savingEdit') : t('entry.saveEdit')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" className="text-destructive" onClick={() => setQuestion({ kind: 'delete' })} disabled={!meaningful && !m.id}>
              {t('entry.deleteDraft')}
            </Button>
            <Button variant="outline" onClick={() => void cloneDraft()} disabled={!m.id}>
              {t('entry.clone')}
            </Button>
            <Button variant="outline" onClick={() => void flush()} disabled={!meaningful || save.kind === 'saving'}>
              {t('entry.saveDraft')}
            </Button>
            <Button
              onClick={() => {
                // A new close: the answers of an earlier one (about other quantities) do not carry over.
                answered.current = {};
                void close();
              }}
              disabled={closing || !h.clientId || totals.count === 0}
            >
              {closing ? t('entry.closing') : t('entry.close')}
            </Button>
          </div>
        )}
      </Section>

      <Questions
        question={question}
        onCancel={() => setQuestion(null)}
        auth={auth}
        setAuth={setAuth}
        reason={cancelReason}
        setReason={setCancelReason}
        onConfirm={(q) => {
          if (q.kind === 'cancelLine') {
            if (!cancelReason.trim()) return;
            dispatch({ type: 'line', key: q.key, patch: { cancelled: true, cancelReason: cancelReason.trim() } });
          }
          setQuestion(null);
          if (q.kind === 'repeated') addProduct(q.product, true);
          else if (q.kind === 'client') void applyClient(q.id, q.name);
          else if (q.kind === 'nature') {
            dispatch({ type: 'lines', lines: [] });
            dispatch({ type: 'header', patch: { natureId: q.id } });
          } else if (q.kind === 'company') {
            dispatch({ type: 'lines', lines: m.lines.filter((l) => !l.productCompanyId || l.productCompanyId === q.id) });
            dispatch({ type: 'header', patch: { productCompanyId: q.id } });
          } else if (q.kind === 'shortStock') void close({ acceptShortStock: true });
          else if (q.kind === 'password') void (editing ? saveEdit : close)({ authorization: { email: auth.email, password: auth.password } });
          else if (q.kind === 'delete') void removeDraft();
          else if (q.kind === 'discard') discardEdit();
        }}
      />
    </div>
  );
}

function Questions({
  question,
  onCancel,
  onConfirm,
  auth,
  setAuth,
  reason,
  setReason,
}: {
  question: Question | null;
  onCancel(): void;
  onConfirm(q: Question): void;
  auth: { email: string; password: string };
  setAuth(a: { email: string; password: string }): void;
  reason: string;
  setReason(reason: string): void;
}) {
  const { t } = useTranslation('sales');
  const q = question;
  const texts: Record<Question['kind'], { title: string; description: string; confirm: string; destructive?: boolean }> = {
    repeated: { title: t('entry.repeatedTitle'), description: textOf(SaleTexts.repeatedProduct()), confirm: t('entry.addAgain') },
    client: { title: t('entry.changeClientTitle'), description: t('entry.changeClient'), confirm: t('entry.changeAnyway'), destructive: true },
    nature: { title: t('entry.changeNatureTitle'), description: t('entry.changeNature'), confirm: t('entry.changeAnyway'), destructive: true },
    company: { title: t('entry.changeCompanyTitle'), description: t('entry.changeCompany'), confirm: t('entry.changeAnyway'), destructive: true },
    shortStock: { title: t('entry.shortStockTitle'), description: q?.kind === 'shortStock' ? q.text : '', confirm: t('entry.proceed') },
    password: { title: t('entry.passwordTitle'), description: `${textOf(SaleTexts.belowMinimum())} ${t('entry.passwordAsk')}`, confirm: t('entry.authorize') },
    delete: { title: t('entry.deleteTitle'), description: t('entry.deleteAsk'), confirm: t('entry.deleteDraft'), destructive: true },
    cancelLine: { title: t('entry.cancelLineTitle'), description: `${q?.kind === 'cancelLine' ? q.name : ''}: ${t('entry.cancelLineAsk')}`, confirm: t('entry.cancelLineConfirm'), destructive: true },
    discard: { title: t('entry.discardTitle'), description: t('entry.discardAsk'), confirm: t('entry.discardEdit'), destructive: true },
  };
  const shown = q ? texts[q.kind] : null;
  return (
    <ConfirmDialog
      open={!!q}
      onOpenChange={(open) => !open && onCancel()}
      title={shown?.title ?? ''}
      description={shown?.description}
      confirmLabel={shown?.confirm ?? ''}
      cancelLabel={t('entry.cancel')}
      destructive={shown?.destructive}
      busy={q?.kind === 'cancelLine' && !reason.trim()}
      onConfirm={() => q && onConfirm(q)}
    >
      {q?.kind === 'cancelLine' && (
        <FormField label={t('entry.cancelReason')} hint={textOf(SaleTexts.cancelReasonRequired())}>
          <Input autoFocus maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </FormField>
      )}
      {q?.kind === 'password' && (
        <div className="flex flex-col gap-3">
          <FormField label={t('entry.authorizerEmail')}>
            <Input type="email" autoComplete="off" value={auth.email} onChange={(e) => setAuth({ ...auth, email: e.target.value })} />
          </FormField>
          <FormField label={t('entry.authorizerPassword')}>
            <PasswordInput autoComplete="off" value={auth.password} onChange={(e) => setAuth({ ...auth, password: e.target.value })} />
          </FormField>
        </div>
      )}
    </ConfirmDialog>
  );
}

function ClientInfo({ client, financial, showTitles, showFuture, decimals }: { client: Client; financial: FinancialPosition | null; showTitles: boolean; showFuture: boolean; decimals: number }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const rows: [string, string | null][] = [[t('entry.creditLimit'), client.creditLimit ? format.money(client.creditLimit, decimals) : t('entry.noLimit')]];
  if (financial && showTitles) {
    rows.push([t('entry.openTitles'), format.money(financial.totals.open, decimals)], [t('entry.overdue'), format.money(financial.totals.expired, decimals)]);
    if (financial.credit.available !== null) rows.push([t('entry.creditAvailable'), format.money(financial.credit.available, decimals)]);
  }
  if (financial && showFuture) rows.push([t('entry.futureReceivables'), format.money(financial.totals.toExpire, decimals)]);
  const notes = [client.sellAtCost ? t('entry.sellAtCost') : null, client.paymentDayPrice ? t('entry.paymentDayPrice') : null, client.closingDay ? t('entry.closingDay', { day: client.closingDay }) : null, client.dueDay ? t('entry.dueDay', { day: client.dueDay }) : null].filter(Boolean);
  return (
    <div className="flex flex-col gap-2 rounded-md bg-muted/50 p-3 text-sm" data-testid="entry-client-info">
      <p className="font-medium">
        {client.name}
        {client.document && <span className="ms-2 font-mono text-xs text-muted-foreground">{client.document}</span>}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {notes.length > 0 && <p className="text-xs text-muted-foreground">{notes.join(' · ')}</p>}
    </div>
  );
}

function CompleteClient({ client }: { client: Client }) {
  const { t } = useTranslation('sales');
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ name: client.name ?? '', nickname: client.nickname ?? '', email: client.email ?? '', document: client.document ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = [
    ['name', t('entry.clientName')],
    ['nickname', t('entry.clientNickname')],
    ['email', t('entry.clientEmail')],
    ['document', t('entry.clientDocument')],
  ] as const;
  return (
    <form
      className="flex flex-col gap-3 rounded-md border border-warning/40 p-3"
      aria-labelledby="complete-client"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        completeClient(queryClient, client, { name: values.name, nickname: values.nickname || null, email: values.email || null, document: values.document || null })
          .then(() => {
            notify({ kind: 'success', text: t('entry.clientCompleted') });
          })
          .catch((err: unknown) => {
            setErrors(Object.fromEntries(apiFieldErrors(err).map((f) => [f.field, f.message])));
            setError(apiErrorText(err, t('entry.clientCompleteFailed')));
          })
          .finally(() => setBusy(false));
      }}
    >
      <p id="complete-client" className="text-sm font-medium">
        {textOf(SaleTexts.clientIncomplete())}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map(([name, label]) => (
          <FormField key={name} label={label} error={errors[name]}>
            <Input value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
          </FormField>
        ))}
      </div>
      {/* The answer's text once: under its field when it names one, here otherwise. */}
      {error && !Object.values(errors).includes(error) && <p className="text-sm text-destructive">{error}</p>}
      <Button type="submit" disabled={busy} className="self-end">
        {t('entry.completeClient')}
      </Button>
    </form>
  );
}

export type { Sale };
