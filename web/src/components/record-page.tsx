import type { Subject } from '@ev/shared/permissions';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';
import { useAbility } from '@/lib/ability';
import { FetchFailed } from '@/components/fetch-failed';
import { RecordNotFound } from '@/components/record-not-found';
import { cardActionTexts, RecordCardActions, type RecordCardLink } from '@/components/record-card-actions';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/api-error-text';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/notices';

/** A record's id in a URL: `new` or a UUID. */
export const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A record card's own toggles (help, collapse, details) and the props of RecordCardActions for
 * them: `actionProps(saved)` offers "show" only for a saved record.
 */
export function useCardToggles() {
  const [collapsed, setCollapsed] = useState(false);
  const [help, setHelp] = useState(false);
  const [details, setDetails] = useState(false);
  const actionProps = (saved: boolean) => ({
    help,
    onHelp: () => setHelp((h) => !h),
    collapsed,
    onCollapse: () => setCollapsed((c) => !c),
    details: saved ? { shown: details, onToggle: () => setDetails((d) => !d) } : undefined,
  });
  return { collapsed, help, details, actionProps };
}

/**
 * What every record page shares: the id (`new` or a UUID), its read, who may edit, the form's
 * key (bumped to reload it), the save that goes to the form, the notice and the move to the new
 * record after a creation, and the card's actions (reload, help, collapse, show, reload cache,
 * new: `cardActions()`, with the page's own links before "new").
 */
export function useRecordPage<T extends { id: string; version: number }>(o: {
  id: string;
  subject: Subject;
  read(id: string, enabled: boolean): { data?: T; isPending: boolean; isError: boolean; error: unknown; refetch(): Promise<unknown> };
  save: { mutateAsync(v: { id: string | null; body: Record<string, unknown> }): Promise<T> };
  /** The card action "reload cache", for records with derived data (lists, references); none without. */
  revalidate?: { mutateAsync(id: string): Promise<unknown>; isPending: boolean };
  /** Opens a record just created (replacing the /new entry). */
  openCreated(id: string): void;
  /** The link to a new record (a router Link without children): the card action "new". */
  newLink: ReactElement;
  /** The record's list (a router Link without children, and the list's name): the not-found state's way back. */
  back: RecordBack;
  t: (key: string) => string;
}) {
  const toggles = useCardToggles();
  const ability = useAbility();
  const creating = o.id === 'new';
  const validId = creating || RECORD_ID.test(o.id);
  const query = o.read(o.id, validId && !creating);
  const [formKey, setFormKey] = useState(0);
  const record = creating ? null : (query.data ?? null);
  const reload = () => setFormKey((k) => k + 1);
  const revalidate = o.revalidate;
  const onRevalidate = revalidate ? () => revalidateRecord(() => revalidate.mutateAsync(o.id), o.t, reload) : undefined;
  return {
    ...toggles,
    back: o.back,
    creating,
    validId,
    query,
    record,
    canEdit: creating ? ability.can('create', o.subject) : ability.can('update', o.subject),
    /** The form's key: a new record, a new version or a reload mounts it again. */
    formKey: `${record?.id ?? 'new'}-${record?.version ?? 0}-${formKey}`,
    save: (body: Record<string, unknown>) => o.save.mutateAsync({ id: creating ? null : o.id, body }),
    onSaved: (saved: T) => {
      notify({ kind: 'success', text: creating ? o.t('added') : o.t('updated') });
      if (creating) o.openCreated(saved.id);
      else reload();
    },
    onRevalidate,
    readState: () => recordReadState({ validId, creating, query }, o.t, o.back),
    /** The card's actions; `links` are the page's own, shown before "new". */
    cardActions: (links: RecordCardLink[] = []) => (
      <RecordCardActions
        texts={cardActionTexts(o.t)}
        onReload={!creating && validId ? () => void query.refetch() : undefined}
        {...toggles.actionProps(!!record)}
        onRevalidate={onRevalidate && record && ability.can('update', o.subject) ? () => void onRevalidate() : undefined}
        revalidating={revalidate?.isPending ?? false}
        links={[...links, ...(!creating && ability.can('create', o.subject) ? [{ label: o.t('actions.new'), link: cloneElement(o.newLink, {}, <IconPlus aria-hidden />) }] : [])]}
      />
    ),
  };
}

/** The card action "reload cache": the server revalidates the record, `onDone` reloads the form, a notice says how it went. */
export async function revalidateRecord(revalidate: () => Promise<unknown>, t: (key: string) => string, onDone: () => void): Promise<void> {
  try {
    await revalidate();
    onDone();
    notify({ kind: 'success', text: t('cacheRevalidated') });
  } catch (e) {
    notify({ kind: 'error', text: apiErrorText(e, t('cacheFailed')) });
  }
}

/** A record's list: a router Link without children, and the list's name. */
export interface RecordBack {
  link: ReactElement;
  label: string;
}

/**
 * What a record page shows instead of its form while the record cannot be shown: a bad id or a
 * record not found (404, also outside the user's scope: the one not-found state, with the way
 * `back` to its list), the read in progress, or a read that failed on the way (no answer) with a
 * retry. A 5xx answer is thrown to the router's error screen (`recordOptions`). Null when the form
 * can show.
 */
export function recordReadState(
  { validId, creating, query }: { validId: boolean; creating: boolean; query: { isPending: boolean; isError: boolean; error: unknown; refetch(): Promise<unknown> } },
  t: (key: string) => string,
  back: RecordBack,
): ReactNode | null {
  if (!validId) return <RecordNotFound back={back} invalidId />;
  if (!creating && query.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('loading')}
      </p>
    );
  if (!creating && query.isError)
    return failedRead(query.error) === 'missing' ? (
      <RecordNotFound back={back} />
    ) : (
      <FetchFailed error={query.error} fallback={t('fetchFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
    );
  return null;
}

/**
 * How a record's read failed: `missing` (404: no such record, or outside the user's scope) or
 * `unreachable` (no answer: the page offers a retry). A server failure (5xx) is thrown here, during
 * the render, to the router's error screen, which shows its request id (docs/web-layout.md).
 */
export function failedRead(error: unknown): 'missing' | 'unreachable' {
  if (error instanceof ApiError && error.status >= 500) throw error;
  return error instanceof ApiError && error.status === 404 ? 'missing' : 'unreachable';
}

/** The card action "show": a record's id, creation, last change (`extra` rows before the version) and version. */
export function RecordDetails({ record, t, extra }: { record: { id: string; createdAt: string; updatedAt: string; version: number }; t: (key: string) => string; extra?: ReactNode }) {
  const format = useFormat();
  return (
    <dl className="grid gap-x-4 gap-y-1 rounded-md bg-muted/50 p-3 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-muted-foreground">{t('details.id')}</dt>
      <dd className="break-all font-mono text-xs">{record.id}</dd>
      <dt className="text-muted-foreground">{t('details.createdAt')}</dt>
      <dd>{format.dateTime(record.createdAt)}</dd>
      <dt className="text-muted-foreground">{t('details.updatedAt')}</dt>
      <dd>{format.dateTime(record.updatedAt)}</dd>
      {extra}
      <dt className="text-muted-foreground">{t('details.version')}</dt>
      <dd>{record.version}</dd>
    </dl>
  );
}

/**
 * A record page's frame: the link back to the list (`back`: a router Link without children, and its text),
 * the card with the record's title and its actions, the card's content (`children`), and what goes
 * after the card (`after`, e.g. a confirmation dialog).
 */
export function RecordPageFrame({ back, title, actions, children, after }: { back: RecordBack; title: ReactNode; actions: ReactNode; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button asChild variant="link" className="px-0">
          {cloneElement(back.link, {}, <IconArrowLeft aria-hidden />, back.label)}
        </Button>
      </div>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <h1 className="min-w-0 break-words text-lg font-semibold leading-tight">{title}</h1>
          {actions}
        </CardHeader>
        {children}
      </Card>
      {after}
    </div>
  );
}
