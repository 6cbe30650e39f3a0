import { isIncomplete } from '@ev/shared/client-state';
import type { Client } from '@ev/shared/schemas/clients';
import type { Sale, SaleCatalogueItem } from '@ev/shared/schemas/sales';
import { SaleTexts } from '@ev/shared/sales/texts';
import { businessDate, utcTimestamp } from '@ev/shared/calendar';
import { heldUnits } from '@ev/shared/sales/campaigns';
import { ruledSalesman } from '@ev/shared/sales/salesman';
import { splitInstallments } from '@ev/shared/sales/totals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlocks } from '@/components/loading-blocks';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors, apiText, textOf } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { locate } from '@/lib/geolocation';
import { notify } from '@/lib/notices';
import { useAge } from '@/lib/offline/age';
import { useOfflineStatus } from '@/lib/offline/status';
import { useIdle } from '@/lib/use-idle';
import { useSession } from '@/lib/use-session';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { ClientInfo, CompleteClient } from './client-info';
import { CloseBar, type EntryNotice } from './close-bar';
import { campaignOffersOptions, entryLoyaltyOptions, catalogue, catalogueReason, clientFinancialChanged, clientProductsOptions, cloneSale, closeDraft, createDraft, deleteDraft, entryClientOptions, entryClientSearchKey, entryFinancialOptions, entrySalesmanSearchKey, entryUserOptions, readDraft, registryRecordOptions, saveDraft, searchEntryClients, searchEntrySalesmen } from './entry-api';
import { reducer, type CloseAnswers, type Editing, type Model, type Question, type SaveState } from './entry-model';
import { CampaignOffers } from './campaign-offers';
import { campaignHints, linesWithCampaigns } from './entry-campaigns';
import { Questions } from './entry-questions';
import { discardReviewed, isOffline, judgeOnDevice, queueOrder, reviewedOrder, unreachable } from './entry-offline';
import { EntrySection } from './entry-section';
import { bodyOf, dropLocal, emptyHeader, lineOf, readable, readLocal, stateOf, storeLocal, totalsOf, priceText, type BodyRules, type EntryHeader, type EntryLine } from './entry-state';
import type { LineOrder, RowRules } from './item-row';
import { OrderFields, OrderSummary } from './order-fields';
import { OrderLines } from './order-lines';
import { OrderTotals } from './order-totals';
import { LoyaltyUse } from './loyalty-use';
import { ProductSearch } from './product-search';
import { Suggestions } from './suggestions';

const SAVE_DELAY_MS = 800;
/** How long the bottom bar's notice of a line added stays; of a line removed, with its "Desfazer". */
const NOTICE_MS = 4_000;
const UNDO_MS = 8_000;

/** The fields of the order's data (a refusal naming one opens the folded summary). */
const HEADER_FIELDS = /^(productCompanyId|natureId|situation|priceTableId|paymentType|paymentConditionId|transport\.|shippingAddressId|observations|extra|consigned)/;


/**
 * `/sales/create/{id?}`: the order entry (docs/sales.md "Order entry"); `mode="edit"` on
 * `/sales/{id}/edit`: the same screen correcting a pending sale (docs/sales.md "Correcting a
 * pending sale"), saved at once by the user rather than as he types.
 */
/** The entry's title and what it is for, with the save's state beside them (announced as it changes). */
function EntryHeading({ title, edit, status }: { title: string; edit: boolean; status: string }) {
  const { t } = useTranslation('sales');
  return (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <PageHeader title={title} description={edit ? t('entry.descriptionEdit') : t('entry.description')} />
      <p role="status" aria-live="polite" data-testid="save-state" className="text-sm text-muted-foreground">
        {status}
      </p>
    </div>
  );
}

/**
 * The entry while what it opens loads: its heading, then blocks where its cards will be. Also the
 * markup made when the app is built for a new order (web/src/prerender.tsx), with the state a new
 * order starts in.
 */
export function SaleEntryLoading({ title, edit = false, status = '' }: { title: string; edit?: boolean; status?: string }) {
  const { t } = useTranslation('sales');
  return (
    <div className="flex flex-col gap-4">
      <EntryHeading title={title} edit={edit} status={status} />
      <LoadingBlocks label={t('loading')} rows={[{ count: 1, height: 'h-36' }, { count: 1, height: 'h-40' }]} />
    </div>
  );
}

export function SaleEntryPage({ id, mode = 'draft', review = null }: { id: string | null; mode?: 'draft' | 'edit'; review?: string | null }) {
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
  const [loaded, setLoaded] = useState<Model | null>(() => (id || review ? null : fresh()));
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

  // An order the server refused after it was queued offline, opened for correction as typed (a new order: docs/offline.md "Orders offline").
  useEffect(() => {
    if (!review || id) return;
    let live = true;
    reviewedOrder<Model>(review)
      .then((state) => {
        if (!live) return;
        if (state) setLoaded({ ...state, id: null, version: null, dirty: true, rev: 0, savedRev: -1 });
        else setLoadError(t('entry.reviewGone'));
      })
      .catch(() => live && setLoadError(t('entry.reviewGone')));
    return () => {
      live = false;
    };
  }, [review, id, t]);

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
        const state = local && local.dirty && local.version === sale.version ? local : stateOf(sale, costing, sale.decimals);
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
  if (!loaded || (mode === 'edit' && !editing)) return <SaleEntryLoading title={mode === 'edit' ? t('entry.edit') : t('entry.titleDraft')} edit={mode === 'edit'} />;
  return <Entry key={loaded.id ?? review ?? 'new'} initial={loaded} onCreated={setCreated} editing={mode === 'edit' ? editing : null} review={review} />;
}

function Entry({ initial, onCreated, editing, review }: { initial: Model; onCreated(id: string): void; editing: Editing | null; review: string | null }) {
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
  const device = useOfflineStatus();
  const age = useAge();
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [question, setQuestion] = useState<Question | null>(null);
  const [closeError, setCloseError] = useState<{ text: string; fields: Record<string, string> } | null>(null);
  const [closing, setClosing] = useState(false);
  const [auth, setAuth] = useState({ email: '', password: '' });
  const closeKey = useRef<string | null>(null);
  const answered = useRef<CloseAnswers>({});
  const h = m.header;
  /** The line just added: scrolled into view and marked. */
  const [freshKey, setFreshKey] = useState<string | null>(null);
  /** What the bottom bar says of the last change to the lines (read aloud), with its undo. */
  const [notice, setNotice] = useState<EntryNotice | null>(null);
  const say = useCallback((n: EntryNotice) => setNotice({ ...n, at: Date.now() }), []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      setNotice(null);
      setFreshKey(null);
    }, notice.undo ? UNDO_MS : NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  /** The order's data once a client is chosen: a summary, opened on demand (null: as the client says). */
  const [orderOpen, setOrderOpen] = useState<boolean | null>(null);

  // A draft read again: its lines' stock, reasons, unit and package as the catalogue says now (not kept by the server).
  useEffect(() => {
    const first = initial;
    if (!first.header.clientId || !first.lines.length) return;
    let live = true;
    catalogue({ clientId: first.header.clientId, priceTableId: first.header.priceTableId, productIds: [...new Set(first.lines.map((l) => l.productId))] })
      .then((answer) => live && dispatch({ type: 'refresh', items: answer.items }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [initial]);

  // The records the order points to.
  const client = useQuery(entryClientOptions(h.clientId));
  const showTitles = session.company.settings.customers.showPendingTitlesAndCredits;
  const showFuture = further.showFutureReceivables;
  const financial = useQuery(entryFinancialOptions(h.clientId, showTitles || showFuture));
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
  // The campaigns in force for the client (docs/campaigns.md): each line's campaign decided as the save will decide it.
  const campaignsOn = sales.enableCampaigns && !free && !h.consigned;
  const offers = useQuery(campaignOffersOptions(h.clientId, campaignsOn));
  const offerItems = useMemo(() => (campaignsOn && offers.data ? offers.data.items : []), [campaignsOn, offers.data]);
  // A pending sale being corrected keeps the units its lines hold (as the server does).
  const own = useMemo(() => (editing ? heldUnits(initial.lines.map((l) => ({ ...l, quantity: readable(l.quantity) }))) : undefined), [editing, initial]);
  const offersKnown = !campaignsOn || !h.clientId || offers.data !== undefined;
  useEffect(() => {
    if (!offersKnown) return;
    const next = linesWithCampaigns(m.lines, offerItems, { free, locked: sales.blockPriceChange, decimals, own });
    if (next !== m.lines) dispatch({ type: 'lines', lines: next });
  }, [m.lines, offerItems, offersKnown, free, sales.blockPriceChange, decimals, own]);
  const hints = useMemo(() => campaignHints(m.lines, offerItems), [m.lines, offerItems]);
  // A sale always has a salesman: where none follows from the rules (a client without one, a user
  // who does not sell), the entry asks for it (docs/sales.md "Rules at a save").
  const askSalesman =
    !!client.data &&
    ruledSalesman({ useOriginalSalesman: further.useOriginalSalesman, clientSalesmanId: client.data.salesmanId, user: { id: userId, sells: !!(session.user.vendedor || session.user.supervisor) } }) === null;
  const salesmanRecord = useQuery(entryUserOptions(h.salesmanId ?? null, askSalesman && !h.salesmanName));
  const lineOrder: LineOrder = useMemo(() => ({ generalDiscountPercent: h.generalDiscountPercent, free }), [h.generalDiscountPercent, free]);
  const rates = condition.data ? { discountRate: (condition.data.discountRate as string | null) ?? null, surchargeRate: (condition.data.surchargeRate as string | null) ?? null } : null;
  // The client's cashback and points (docs/loyalty.md): a pending sale's correction keeps the use its close debited, at its point value.
  const loyaltyOn = (further.cashback || further.points) && !free && !h.consigned;
  const loyalty = useQuery(entryLoyaltyOptions(h.clientId, loyaltyOn && !editing));
  const pointValue = editing ? (h.loyaltyPointValue ?? null) : (loyalty.data?.balance.pointValue ?? null);
  const totals = useMemo(() => totalsOf(m, rates, decimals, noPayment, pointValue), [m, rates?.discountRate, rates?.surchargeRate, decimals, noPayment, pointValue]); // eslint-disable-line react-hooks/exhaustive-deps
  const terms = ((condition.data?.terms as (number | string)[] | undefined) ?? []).map(Number);
  // Today in the company's zone only when there are installments to date (the zone's first format is costly on a phone).
  const installments = !noPayment && condition.data && totals.count > 0 ? splitInstallments(totals.total, terms, businessDate(session.company.fuso, new Date()), decimals) : [];

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
  /** The last save got no answer (no connection): a close goes to the device's queue. */
  const saveUnreachable = useRef(false);
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
        saveUnreachable.current = false;
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
        saveUnreachable.current = unreachable(e);
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
  const onRemove = useCallback(
    (key: string) => {
      const at = latest.current.lines.findIndex((l) => l.key === key);
      const line = latest.current.lines[at];
      if (!line) return;
      dispatch({ type: 'remove', key });
      // A line removed by mistake comes back, where it was, from the notice's "Desfazer" (for a few seconds).
      say({ text: t('entry.lineRemoved', { name: line.name }), undo: () => dispatch({ type: 'restore', line, at }) });
    },
    [say, t],
  );
  const onHeader = useCallback((patch: Partial<EntryHeader>) => dispatch({ type: 'header', patch }), []);
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
    const line = lineOf(p, decimals);
    dispatch({ type: 'add', line });
    setFreshKey(line.key);
    say({ text: t('entry.lineAdded', { name: p.name, count: latest.current.lines.length + 1 }) });
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
          return { ...l, listPrice: p.price, priceSource: p.source, reason: catalogueReason(p), available: p.available, unitPrice: p.price ? priceText(p.price, decimals) : l.unitPrice };
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
    if (isOffline()) {
      await closeOffline(answers);
      return;
    }
    try {
      const saved = await flush();
      if (!saved) {
        if (saveUnreachable.current) await closeOffline(answers);
        setClosing(false);
        return;
      }
      const geolocation = await closePosition();
      if (geolocation === false) {
        setClosing(false);
        return;
      }
      closeKey.current ??= crypto.randomUUID();
      const sale = await closeDraft(saved.id, { version: saved.version, acceptShortStock: answers.acceptShortStock ?? false, geolocation, authorization: answers.authorization ?? null }, closeKey.current);
      dropLocal(userId, saved.id);
      dispatch({ type: 'load', state: { ...m, dirty: false } });
      leaving.current = true;
      if (review) void discardReviewed(review);
      notify({ kind: 'success', text: textOf(SaleTexts.closed({ number: sale.number ?? '' })) });
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
      if (sale.clientId) void clientFinancialChanged(queryClient, sale.clientId);
      void navigate({ to: '/sales/$id', params: { id: sale.id } });
    } catch (e) {
      // No answer (the connection went): the order goes to the device's queue under the same key,
      // so a close that did arrive is found again by it, never made twice (docs/offline.md).
      if (unreachable(e)) {
        await closeOffline(answers);
        return;
      }
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

  /**
   * Where the user stands, captured where the company enables or requires it; only "required" stops
   * a close without it (docs/sales.md "Geolocation"). False: the close stops (the reason is shown).
   */
  async function closePosition(): Promise<{ latitude: number; longitude: number; accuracy: number } | null | false> {
    if (!sales.geolocationEnabled && !sales.geolocationRequired) return null;
    const where = await locate({ required: sales.geolocationRequired });
    // The order keeps the point and its accuracy (the sales schema's `Geolocation`), not the fix's other readings.
    if (where.ok) return { latitude: where.position.latitude, longitude: where.position.longitude, accuracy: where.position.accuracy };
    if (where.blocking) {
      setCloseError({ text: textOf(where.said), fields: {} });
      return false;
    }
    notify({ kind: 'info', text: textOf(where.said) });
    return null;
  }

  /**
   * The close without a connection (docs/offline.md "Orders offline"): the order judged on the
   * device by the server's own rules (a refusal shown on its fields, as the server would), then
   * queued with its key, the position and the answers given, and shown as waiting to send.
   */
  async function closeOffline(answers: CloseAnswers) {
    try {
      const cur = latest.current;
      const judgedOrder = await judgeOnDevice(bodyOf(cur, bodyRules.current), { id: userId, sells: !!(session.user.vendedor || session.user.supervisor) }, { ...sales, useOriginalSalesman: further.useOriginalSalesman });
      if (!judgedOrder) {
        setCloseError({ text: t('entry.offlineInvalid'), fields: {} });
        return;
      }
      const { draft, judgement: judged } = judgedOrder;
      if (judged.refusal) {
        const [first] = judged.refusal.fields;
        setCloseError({ text: judged.refusal.fields.length === 1 && first ? textOf(first.said) : t('entry.offlineRefused'), fields: Object.fromEntries(judged.refusal.fields.map((f) => [f.field, textOf(f.said)])) });
        return;
      }
      const geolocation = await closePosition();
      if (geolocation === false) return;
      const key = (closeKey.current ??= crypto.randomUUID());
      const count = cur.lines.filter((l) => !l.cancelled).length;
      await queueOrder(
        { kind: 'order', key, queuedAt: utcTimestamp(Date.now()), draft, replacesDraft: server.current.id ?? null, acceptShortStock: answers.acceptShortStock ?? false, geolocation },
        { label: t('entry.queuedLabel', { client: cur.header.clientName ?? '', count }), state: { id: null, version: null, header: cur.header, lines: cur.lines, dirty: true } },
      );
      if (review) await discardReviewed(review);
      dropLocal(userId, server.current.id);
      dropLocal(userId, null);
      dispatch({ type: 'load', state: { ...cur, dirty: false } });
      leaving.current = true;
      notify({ kind: 'success', text: t('entry.queued') });
      void navigate({ to: '/offline' });
    } catch {
      setCloseError({ text: t('entry.queueFailed'), fields: {} });
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
  const consignable = !editing && !!branch && branch.vendaConsignadaDias > 0;
  // The order's data folds once the client fills it; a refusal on one of its fields opens it.
  const headerError = Object.keys(fieldErrors).some((f) => HEADER_FIELDS.test(f));
  const orderShown = headerError || (orderOpen ?? !h.clientId);
  const fieldsDrawn = useIdle();

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
    <div className="flex flex-col gap-4">
      <EntryHeading title={editing ? t('entry.titleEdit', { number: editing.number }) : m.id ? t('entry.titleDraft') : t('entry.titleNew')} edit={!!editing} status={saveText} />
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
      {!device.online && !editing && (
        <Alert variant="info" data-testid="entry-offline">
          {device.lastSync ? t('entry.offlineBanner', { at: format.dateTime(device.lastSync.at), age: age(device.lastSync.at) }) : t('entry.offlineNoData')}
        </Alert>
      )}

      <EntrySection id="entry-client" title={t('entry.client')}>
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
      </EntrySection>

      {/* The products right after the client; the order's data, which mostly follows from him, after them. */}
      <EntrySection id="entry-items" title={t('entry.items', { count: m.lines.length })}>
        <ProductSearch
          clientId={h.clientId}
          priceTableId={h.priceTableId}
          productCompanyId={h.productCompanyId}
          onAdd={(p) => addProduct(p)}
        />
        {sales.suggestProducts && h.clientId && usual.data && (
          <Suggestions products={usual.data.items} onOrder={onOrder} clientId={h.clientId} priceTableId={h.priceTableId} format={format} decimals={decimals} onAdd={(p) => addProduct(p)} />
        )}
        {offerItems.length > 0 && <CampaignOffers offers={offerItems} required={!!offers.data?.required} format={format} decimals={decimals} />}
        {fieldErrors.items && <p className="text-sm font-medium text-destructive">{fieldErrors.items}</p>}
        <OrderLines
          lines={m.lines}
          totals={totals}
          free={free}
          rules={rules}
          order={lineOrder}
          fieldErrors={fieldErrors}
          lastPrices={lastPrices}
          campaignHints={hints}
          format={format}
          decimals={decimals}
          freshKey={freshKey}
          onChange={onLine}
          onRemove={onRemove}
          onCancel={editing ? onCancelLine : undefined}
        />
      </EntrySection>

      <EntrySection
        id="entry-order"
        title={t('entry.order')}
        aside={
          h.clientId &&
          !headerError && (
            <Button variant="outline" size="sm" aria-expanded={orderShown} aria-controls="entry-order-fields" onClick={() => setOrderOpen(!orderShown)}>
              {orderShown ? <IconChevronUp aria-hidden /> : <IconChevronDown aria-hidden />}
              {orderShown ? t('entry.foldOrder') : t('entry.unfoldOrder')}
            </Button>
          )
        }
      >
        {orderShown ? (
          <div id="entry-order-fields" className="flex flex-col gap-4">
            {/* Drawn (and its lists of choices asked) once the page is idle: on a phone these fields are
                far below the first screen, and drawing them with it made its start one long task. A
                block holds their place meanwhile. */}
            {!fieldsDrawn && <div aria-hidden className="h-72 animate-pulse rounded-lg bg-muted" />}
            {fieldsDrawn && (
              <OrderFields
                header={h}
                client={clientRecord ?? null}
                fieldErrors={fieldErrors}
                noPayment={noPayment}
                sales={sales}
                consignedDays={consignable ? branch.vendaConsignadaDias : null}
                onHeader={onHeader}
                onNature={chooseNature}
                onCompany={chooseCompany}
                onNegotiation={(id) => void reprice(id)}
              />
            )}
          </div>
        ) : (
          <OrderSummary header={h} client={clientRecord ?? null} natureName={nature.data?.name ?? null} conditionName={condition.data?.name ?? null} noPayment={noPayment} />
        )}
      </EntrySection>

      <EntrySection id="entry-summary" title={t('entry.summary')}>
        {loyaltyOn && h.clientId && (editing ? !!(h.loyaltyCashback || h.loyaltyPoints) : loyalty.data) && (
          <LoyaltyUse
            balance={loyalty.data?.balance ?? { enabled: { cashback: further.cashback, points: further.points }, cashback: '0', points: 0, pointValue: pointValue ?? '0', pointsValue: '0', nextExpiry: null }}
            header={h}
            totals={totals}
            kept={!!editing}
            fieldErrors={fieldErrors}
            format={format}
            decimals={decimals}
            onHeader={onHeader}
          />
        )}
        <OrderTotals header={h} totals={totals} installments={installments} orderDiscounts={sales.orderDiscounts} fieldErrors={fieldErrors} format={format} decimals={decimals} onHeader={onHeader} />
        {closeError && <Alert variant="error">{closeError.text}</Alert>}
        {editing ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => (m.dirty ? setQuestion({ kind: 'discard' }) : discardEdit())}>
              {t('entry.discardEdit')}
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
          </div>
        )}
      </EntrySection>

      {/* The running total and the close, always in reach (docs/sales.md "Order entry on a phone"). */}
      <CloseBar
        count={totals.count}
        total={format.money(totals.total, decimals)}
        notice={notice}
        onUndo={() => {
          notice?.undo?.();
          setNotice(null);
        }}
        action={
          editing ? (
            <Button
              onClick={() => {
                answered.current = {};
                void saveEdit();
              }}
              disabled={closing || !m.dirty || totals.count === 0}
            >
              {closing ? t('entry.savingEdit') : t('entry.saveEdit')}
            </Button>
          ) : (
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
          )
        }
      />

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

export type { Sale };
