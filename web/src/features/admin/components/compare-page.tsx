import type { CopyResult, SetupComparison } from '@ev/shared/schemas/admin';
import { IconArrowLeft, IconArrowsExchange, IconCopy, IconGitCompare } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveBar } from '@/components/form/save-bar';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Combobox } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { adminCompanyOptions, adminKeys, compareCompanies, copySetups, searchCompanies, type CopyChoice } from '../api/admin-api';
import { displayValue, flattenSettings } from '../values';
import { PasswordDialog } from './password-dialog';

const route = getRouteApi('/admin/compare');

type Section = SetupComparison['sections'][number];
type Item = Section['items'][number];
type Difference = Item['differences'][number];

const idOf = (section: string, key: string) => `${section}\u0000${key}`;
const choiceOf = (id: string): CopyChoice => {
  const [section, key] = id.split('\u0000') as [string, string];
  return { section, key };
};
const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The texts of a comparison in the user's language: the API's Portuguese labels are the fallback. */
function useLabels() {
  const { t } = useTranslation(['admin', 'company', 'messages']);
  const registry = (section: string) => (section.startsWith('registries:') ? section.slice('registries:'.length) : null);
  return {
    section: (s: Section) => {
      const name = registry(s.section);
      if (name) return t(`messages:registry.${name}.title`, { defaultValue: s.label });
      return t(`compare.sections.${s.section}`, { defaultValue: s.label });
    },
    item: (s: Section, item: Item) => (s.section === 'settings' ? t(`company:settings.${item.key}.title`, { defaultValue: item.label }) : item.label),
    field: (s: Section, item: Item, field: string, label: string) => {
      const name = registry(s.section);
      if (name) return t(`messages:registry.${name}.fields.${field}`, { defaultValue: label });
      if (s.section === 'settings') return t(`company:settings.${item.key}.${field}.label`, { defaultValue: t(`company:settings.${item.key}.${field}.title`, { defaultValue: label }) });
      return t(`compare.fields.${field}`, { defaultValue: label });
    },
  };
}

/** A difference whose both sides are groups (a settings group's nested group) is shown field by field. */
function rowsOf(s: Section, item: Item, d: Difference, labels: ReturnType<typeof useLabels>): { id: string; label: string; source: unknown; target: unknown }[] {
  const label = labels.field(s, item, d.field, d.label);
  if (!isPlainObject(d.source) || !isPlainObject(d.target)) return [{ id: d.field, label, source: d.source, target: d.target }];
  const source = new Map(flattenSettings(d.source).map((x) => [x.path, x.value]));
  const target = new Map(flattenSettings(d.target).map((x) => [x.path, x.value]));
  return [...new Set([...source.keys(), ...target.keys()])]
    .filter((p) => JSON.stringify(source.get(p) ?? null) !== JSON.stringify(target.get(p) ?? null))
    .map((p) => ({ id: `${d.field}.${p}`, label: `${label} › ${labels.field(s, item, `${d.field}.${p}`, p)}`, source: source.get(p), target: target.get(p) }));
}

function StateBadge({ state }: { state: Item['state'] }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium text-foreground',
        state === 'only_source' ? 'bg-primary/15' : state === 'differs' ? 'bg-warning/20' : 'bg-muted',
      )}
    >
      {t(`compare.states.${state}`)}
    </span>
  );
}

interface SectionProps {
  section: Section;
  chosen: Set<string>;
  overwrite: Set<string>;
  onChoose(ids: string[], on: boolean): void;
  onOverwrite(id: string, on: boolean): void;
}

/** One section's items: only in the source, differing (field by field, both values), only in the target. */
function SectionView({ section: s, chosen, overwrite, onChoose, onOverwrite }: SectionProps) {
  const { t } = useTranslation('admin');
  const labels = useLabels();
  const words = { yes: t('yes'), no: t('no'), none: t('details.none') };
  const count = (state: Item['state']) => s.items.filter((i) => i.state === state).length;
  const titleId = `compare-${s.section.replace(/[^\w-]/g, '-')}`;
  const copyable = s.items.filter((i) => i.state !== 'only_target').map((i) => idOf(s.section, i.key));
  const all = copyable.length > 0 && copyable.every((id) => chosen.has(id));
  return (
    <Card role="group" aria-labelledby={titleId} data-testid="compare-section">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="text-base font-semibold leading-tight">
            {labels.section(s)}
          </h3>
          <CardDescription>{t('compare.counts', { source: count('only_source'), differs: count('differs'), target: count('only_target'), equal: s.equal })}</CardDescription>
        </div>
        {copyable.length > 1 && (
          <Button variant="outline" size="sm" onClick={() => onChoose(copyable, !all)}>
            {all ? t('compare.none') : t('compare.all', { count: copyable.length })}
            <span className="sr-only">{t('compare.inSection', { section: labels.section(s) })}</span>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-border">
          {s.items.map((item) => {
            const id = idOf(s.section, item.key);
            const copyable = item.state !== 'only_target';
            const checkboxId = `copy-${titleId}-${item.key.replace(/[^\w-]/g, '-')}`;
            const name = labels.item(s, item);
            return (
              <li key={item.key} className="flex min-w-0 flex-col gap-2 py-3" data-testid="compare-item">
                <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                  {copyable ? (
                    <label htmlFor={checkboxId} className="flex min-w-0 cursor-pointer items-start gap-2">
                      <input id={checkboxId} type="checkbox" className="mt-0.5 size-4 shrink-0 scroll-mb-40 accent-primary" checked={chosen.has(id)} onChange={(e) => onChoose([id], e.target.checked)} />
                      <span className="min-w-0 break-words font-medium">
                        <span className="sr-only">{t('compare.copyItem')} </span>
                        {name}
                      </span>
                    </label>
                  ) : (
                    <span className="min-w-0 break-words font-medium">{name}</span>
                  )}
                  <StateBadge state={item.state} />
                </div>
                {item.state === 'differs' && (
                  <dl className="flex min-w-0 flex-col gap-2 text-sm sm:ps-6">
                    {item.differences.flatMap((d) => rowsOf(s, item, d, labels)).map((row) => (
                      <div key={row.id} className="flex min-w-0 flex-col gap-1">
                        <dt className="font-medium">{row.label}</dt>
                        <dd className="grid min-w-0 gap-1 sm:grid-cols-2 sm:gap-3">
                          <span className="min-w-0 rounded-md bg-primary/10 px-2 py-1">
                            <span className="block text-xs text-muted-foreground">{t('compare.source')}</span>
                            <span className="block whitespace-pre-wrap [overflow-wrap:anywhere]">{displayValue(row.source, words)}</span>
                          </span>
                          <span className="min-w-0 rounded-md bg-muted px-2 py-1">
                            <span className="block text-xs text-muted-foreground">{t('compare.target')}</span>
                            <span className="block whitespace-pre-wrap [overflow-wrap:anywhere]">{displayValue(row.target, words)}</span>
                          </span>
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
                {item.state === 'differs' && chosen.has(id) && (
                  <label className="flex cursor-pointer items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-2 py-1.5 text-sm sm:ms-6">
                    <input type="checkbox" className="mt-0.5 size-4 shrink-0 scroll-mb-40 accent-primary" data-overwrite={id} checked={overwrite.has(id)} onChange={(e) => onOverwrite(id, e.target.checked)} />
                    <span>{t('compare.overwrite', { name })}</span>
                  </label>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/**
 * /admin/compare (docs/admin.md "Compare and copy setups"): the source and the target chosen, the
 * operator's password, then what is only in the source, what differs (field by field, both values)
 * and what is only in the target, per section. The source's items are chosen to copy; one that
 * differs is written over only when "substituir no destino" is ticked too. The copy asks the
 * password again, shows what was created and updated, and compares again.
 */
export function ComparePage() {
  const { t } = useTranslation('admin');
  const labels = useLabels();
  const qc = useQueryClient();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const source = search.source ?? null;
  const target = search.target ?? null;
  // The names the pickers show: the option chosen, or the company read (a link from its page).
  const [names, setNames] = useState<Record<string, string>>({});
  const sourceRecord = useQuery({ ...adminCompanyOptions(source ?? ''), enabled: !!source && !names[source] });
  const targetRecord = useQuery({ ...adminCompanyOptions(target ?? ''), enabled: !!target && !names[target] });
  const nameOf = (id: string | null, record: typeof sourceRecord) => (id ? (names[id] ?? record.data?.name ?? null) : null);
  // A company in the URL that cannot be read (a stale link): said on its picker.
  const unreadable = (id: string | null, record: typeof sourceRecord) => (id && !names[id] && record.isError ? apiErrorText(record.error, t('fetchFailed')) : undefined);

  const [fieldErrors, setFieldErrors] = useState<{ source?: string; target?: string }>({});
  const [asking, setAsking] = useState<'compare' | 'copy' | null>(null);
  const [comparison, setComparison] = useState<SetupComparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CopyResult | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [overwrite, setOverwrite] = useState<Set<string>>(new Set());
  const resultRef = useRef<HTMLDivElement>(null);

  const reset = () => {
    setComparison(null);
    setResult(null);
    setError(null);
    setChosen(new Set());
    setOverwrite(new Set());
  };
  const pick = (side: 'source' | 'target', id: string | null, label: string | null) => {
    if (id && label) setNames((n) => ({ ...n, [id]: label }));
    setFieldErrors((e) => ({ ...e, [side]: undefined }));
    reset();
    void navigate({ search: (s) => ({ ...s, [side]: id ?? undefined }), replace: true });
  };
  const swap = () => {
    reset();
    setFieldErrors({});
    void navigate({ search: { source: target ?? undefined, target: source ?? undefined }, replace: true });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errors = { source: source ? undefined : t('compare.sourceRequired'), target: !target ? t('compare.targetRequired') : target === source ? t('compare.same') : undefined };
    setFieldErrors(errors);
    if (errors.source || errors.target) {
      document.getElementById(errors.source ? 'compare-source' : 'compare-target')?.focus();
      return;
    }
    setError(null);
    setAsking('compare');
  };
  const failed = (e: unknown) => {
    const fields = apiFieldErrors(e);
    const side = fields.find((f) => f.field === 'targetId' || f.field === 'sourceId');
    if (side) setFieldErrors({ [side.field === 'targetId' ? 'target' : 'source']: side.message });
    else setError(apiErrorText(e, t('compare.failed')));
  };

  const items = comparison?.sections.flatMap((s) => s.items.map((i) => ({ s, i }))) ?? [];
  const differing = (id: string) => items.some(({ s, i }) => idOf(s.section, i.key) === id && i.state === 'differs');
  const chosenList = [...chosen];
  const replacing = chosenList.filter(differing);
  const toggle = (set: Set<string>, ids: string[], on: boolean) => {
    const next = new Set(set);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  };
  const labelOf = (id: string) => {
    const found = items.find(({ s, i }) => idOf(s.section, i.key) === id);
    return found ? `${labels.section(found.s)}: ${labels.item(found.s, found.i)}` : id;
  };
  const copy = () => {
    const unconfirmed = replacing.filter((id) => !overwrite.has(id));
    if (unconfirmed.length) {
      setError(t('compare.confirmOverwrite', { items: unconfirmed.map(labelOf).join('; ') }));
      const box = [...document.querySelectorAll<HTMLInputElement>('input[data-overwrite]')].find((b) => b.dataset.overwrite === unconfirmed[0]);
      // Centred: the sticky bar at the bottom would hide it.
      box?.scrollIntoView({ block: 'center' });
      box?.focus({ preventScroll: true });
      return;
    }
    setError(null);
    setAsking('copy');
  };

  const withItems = comparison?.sections.filter((s) => s.items.length) ?? [];
  const equalOnly = comparison?.sections.filter((s) => !s.items.length && s.equal > 0) ?? [];

  return (
    <>
      <Link to="/admin" className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-foreground underline decoration-primary decoration-2 underline-offset-4">
        <IconArrowLeft aria-hidden className="size-4" />
        {t('back')}
      </Link>
      <PageHeader title={t('compare.title')} description={t('compare.description')} />
      <Card>
        <CardContent className="pt-6">
          <form noValidate aria-label={t('compare.title')} className="flex flex-col gap-4" onSubmit={submit}>
            <div className="grid min-w-0 items-end gap-3 md:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
              <FormField label={t('compare.source')} error={fieldErrors.source ?? unreadable(source, sourceRecord)} hint={t('compare.sourceHint')}>
                <Combobox
                  id="compare-source"
                  value={source}
                  selectedLabel={nameOf(source, sourceRecord)}
                  queryKey={adminKeys.companySearch}
                  texts={{ placeholder: t('compare.choose'), search: t('compare.searchCompany'), empty: t('compare.noCompanies'), loading: t('loading'), failed: t('fetchFailed') }}
                  search={async (q, signal) => (await searchCompanies(q, signal)).map((c) => ({ value: c.id, label: c.name, description: [c.nickname, c.document].filter(Boolean).join(' · ') || undefined }))}
                  onChange={(id, option) => pick('source', id, option?.label ?? null)}
                />
              </FormField>
              <Button type="button" variant="outline" size="icon" className="self-center md:mt-6 md:self-start" onClick={swap} disabled={!source && !target} aria-label={t('compare.swap')} title={t('compare.swap')}>
                <IconArrowsExchange aria-hidden />
              </Button>
              <FormField label={t('compare.target')} error={fieldErrors.target ?? unreadable(target, targetRecord)} hint={t('compare.targetHint')}>
                <Combobox
                  id="compare-target"
                  value={target}
                  selectedLabel={nameOf(target, targetRecord)}
                  queryKey={adminKeys.companySearch}
                  texts={{ placeholder: t('compare.choose'), search: t('compare.searchCompany'), empty: t('compare.noCompanies'), loading: t('loading'), failed: t('fetchFailed') }}
                  search={async (q, signal) => (await searchCompanies(q, signal)).map((c) => ({ value: c.id, label: c.name, description: [c.nickname, c.document].filter(Boolean).join(' · ') || undefined }))}
                  onChange={(id, option) => pick('target', id, option?.label ?? null)}
                />
              </FormField>
            </div>
            <Button type="submit" className="self-start">
              <IconGitCompare aria-hidden />
              {comparison ? t('compare.again') : t('compare.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>

      {error && !comparison && <Alert variant="error">{error}</Alert>}

      {comparison && (
        <section aria-labelledby="compare-result-title" className="flex min-w-0 flex-col gap-4" data-testid="compare-result">
          <div className="flex flex-col gap-1">
            <h2 id="compare-result-title" className="text-lg font-semibold">
              {t('compare.resultTitle')}
            </h2>
            <p className="break-words text-sm text-muted-foreground">{t('compare.resultOf', { source: comparison.source.name, target: comparison.target.name })}</p>
          </div>
          {result && (
            <div ref={resultRef} tabIndex={-1} className="outline-none">
              <Alert variant="success" data-testid="copy-result">
                <p className="font-medium">{t('compare.copied', { created: result.created, updated: result.updated })}</p>
                {result.items.length > 0 && (
                  <ul className="mt-1 list-disc ps-5">
                    {result.items.map((i) => (
                      <li key={idOf(i.section, i.key)}>{t(`compare.actions.${i.action}`, { name: i.label })}</li>
                    ))}
                  </ul>
                )}
              </Alert>
            </div>
          )}
          {withItems.length === 0 ? (
            <p role="status" className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-testid="compare-empty">
              {t('compare.empty')}
            </p>
          ) : (
            withItems.map((s) => (
              <SectionView
                key={s.section}
                section={s}
                chosen={chosen}
                overwrite={overwrite}
                onChoose={(ids, on) => {
                  setChosen((c) => toggle(c, ids, on));
                  if (!on) setOverwrite((o) => toggle(o, ids, false));
                }}
                onOverwrite={(id, on) => setOverwrite((o) => toggle(o, [id], on))}
              />
            ))
          )}
          {equalOnly.length > 0 && (
            <p className="text-sm text-muted-foreground" data-testid="compare-equal">
              {t('compare.equalSections', { sections: equalOnly.map((s) => `${labels.section(s)} (${s.equal})`).join(', ') })}
            </p>
          )}
          <SaveBar error={error}>
            <div className="flex flex-wrap items-center gap-3 sm:flex-row-reverse sm:justify-start">
              <Button onClick={copy} disabled={chosen.size === 0}>
                <IconCopy aria-hidden />
                {t('compare.copy')}
              </Button>
              <span className="text-sm text-muted-foreground" aria-live="polite">
                {chosen.size ? t('compare.chosen', { count: chosen.size, replacing: replacing.length }) : t('compare.noneChosen')}
              </span>
            </div>
          </SaveBar>
        </section>
      )}

      <PasswordDialog
        open={asking === 'compare'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('confirm.compareTitle')}
        description={t('confirm.compareDescription', { source: nameOf(source, sourceRecord) ?? '', target: nameOf(target, targetRecord) ?? '' })}
        confirmLabel={t('compare.submit')}
        testId="confirm-compare"
        onConfirm={async (adminPassword) => {
          const answer = await compareCompanies({ sourceId: source!, targetId: target!, adminPassword });
          reset();
          setComparison(answer);
          void qc.invalidateQueries({ queryKey: ['admin', 'log'] });
        }}
        onFailed={failed}
      />
      <PasswordDialog
        open={asking === 'copy'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('confirm.copyTitle')}
        description={
          <>
            {t('confirm.copyDescription', { count: chosen.size, source: comparison?.source.name ?? '', target: comparison?.target.name ?? '' })}
            <span className="mt-2 block max-h-40 overflow-y-auto">
              {chosenList.map((id) => (
                <span key={id} className="block break-words">
                  {`• ${labelOf(id)}${replacing.includes(id) ? ` (${t('compare.replaces')})` : ''}`}
                </span>
              ))}
            </span>
          </>
        }
        confirmLabel={t('compare.copy')}
        testId="confirm-copy"
        onConfirm={async (adminPassword) => {
          if (!comparison) return;
          const body = { sourceId: comparison.source.id, targetId: comparison.target.id, adminPassword };
          const copied = await copySetups({ ...body, items: chosenList.map(choiceOf), overwrite: replacing.filter((id) => overwrite.has(id)).map(choiceOf) });
          void qc.invalidateQueries({ queryKey: ['admin', 'log'] });
          void qc.invalidateQueries({ queryKey: [...adminKeys.companies, 'list'] });
          // Compared again with the same password (it never outlives the dialog). The copy is done
          // whatever this answers: a failure here is said on the page, not as the copy's.
          const again = await compareCompanies(body).catch(() => null);
          setChosen(new Set());
          setOverwrite(new Set());
          setError(again ? null : t('compare.refreshFailed'));
          if (again) setComparison(again);
          // Named as the comparison read before the copy named them (the new one lists them no more).
          setResult({ ...copied, items: copied.items.map((i) => ({ ...i, label: items.some(({ s, i: x }) => s.section === i.section && x.key === i.key) ? labelOf(idOf(i.section, i.key)) : i.label })) });
          requestAnimationFrame(() => resultRef.current?.focus());
        }}
        onFailed={(e) => setError(apiErrorText(e, t('compare.copyFailed')))}
      />
    </>
  );
}
