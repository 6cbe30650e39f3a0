import { USER_FLAGS, type UserSummary } from '@ev/shared/schemas/users';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchFailed } from '@/components/fetch-failed';
import { CARD_LINK_CLASS, ClearFiltersButton, DataList, ListEmpty, ListHeader, PagedList, pagedListTexts, SearchBox, SelectFilter, urlSelect, urlSort, usePagedRows, useListUrl, type ListColumn } from '@/components/list';
import { Card, CardContent } from '@/components/ui/card';
import { useAbility } from '@/lib/ability';
import { PAGE_SIZE, useBranches, useProfiles, useUserList, type UserFilter } from '../api/users-api';
import { UserSheet } from './user-sheet';
import { UserStatusBadge } from './user-status-badge';

const route = getRouteApi('/_app/permissions/users');

/**
 * `/permissions/users`: the company's users. Search (debounced) by words of the name, the nickname
 * or the e-mail; filters by profile, type (employee, salesman, supervisor), allowed branch and
 * situation; a table from `sm` up and cards below; "Carregar mais" by cursor. A user opens in a
 * side sheet (`?user=<id>`, `?user=new` for a new one) with its form, actions and history.
 */
export function UsersPage() {
  const { t } = useTranslation('users');
  const ability = useAbility();
  const { search, navigate, set, typed, setTyped, q } = useListUrl(route);
  const filter: UserFilter = { q, profileId: search.profileId, branchId: search.branchId, flag: search.flag, active: search.active };
  const paged = usePagedRows(useUserList(filter), filter, PAGE_SIZE);
  const profiles = useProfiles();
  const branches = useBranches();
  const filtered = !!(search.profileId || search.branchId || search.flag || search.active);

  const profileNames = useMemo(() => new Map((profiles.data ?? []).map((p) => [p.id, p.name])), [profiles.data]);
  const branchNames = useMemo(() => new Map((branches.data ?? []).map((b) => [b.id, b.nickname ?? b.name])), [branches.data]);
  const profileOf = (u: UserSummary) => profileNames.get(u.profileId) ?? '';
  const flagsOf = (u: UserSummary) => USER_FLAGS.filter((f) => u[f]).map((f) => t(`flags.${f}`)).join(', ');
  const branchesOf = (u: UserSummary) => (u.branchIds.length ? u.branchIds.map((id) => branchNames.get(id) ?? '…').join(', ') : t('noBranch'));
  const open = (id: string) => void navigate({ search: (prev) => ({ ...prev, user: id }) });
  const openLink = (u: UserSummary, className: string, children: React.ReactNode, testId?: string) => (
    <Link to="/permissions/users" search={(prev) => ({ ...prev, user: u.id })} className={className} data-testid={testId} onClick={(e) => e.stopPropagation()}>
      {children}
    </Link>
  );

  const columns: ListColumn<UserSummary>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      sortBy: (u) => u.name,
      className: 'max-w-64',
      cell: (u) => (
        <span className="flex flex-col">
          {openLink(u, 'font-medium text-primary hover:underline', u.name)}
          {u.nickname && <span className="text-xs text-muted-foreground">{u.nickname}</span>}
        </span>
      ),
    },
    { id: 'email', header: t('columns.email'), sortBy: (u) => u.email, className: 'max-w-64 break-all', cell: (u) => u.email },
    { id: 'profile', header: t('columns.profile'), sortBy: profileOf, cell: profileOf },
    { id: 'flags', header: t('columns.flags'), cell: flagsOf },
    { id: 'branches', header: t('columns.branches'), className: 'max-w-48', cell: (u) => <span className={u.branchIds.length ? undefined : 'text-muted-foreground'}>{branchesOf(u)}</span> },
    { id: 'status', header: t('columns.status'), sortBy: (u) => (u.active ? 0 : 1), cell: (u) => <UserStatusBadge active={u.active} /> },
  ];

  return (
    <Card>
      <ListHeader title={t('title')} create={ability.can('create', 'usuarios') && { link: <Link to="/permissions/users" search={(prev) => ({ ...prev, user: 'new' })} />, label: t('new') }} />
      <CardContent className="flex flex-col gap-4">
        <SearchBox label={t('search')} placeholder={t('searchPlaceholder')} value={typed} onChange={setTyped} />
        <div role="group" aria-label={t('filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SelectFilter id="users-profile" label={t('filters.profile')} {...urlSelect(search, set, 'profileId')} all={t('filters.allProfiles')} options={(profiles.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
          <SelectFilter id="users-flag" label={t('filters.flag')} {...urlSelect(search, set, 'flag')} all={t('filters.allFlags')} options={USER_FLAGS.map((f) => ({ value: f, label: t(`flags.${f}`) }))} />
          <SelectFilter id="users-branch" label={t('filters.branch')} {...urlSelect(search, set, 'branchId')} all={t('filters.allBranches')} options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.nickname ?? b.name }))} />
          <SelectFilter
            id="users-active"
            label={t('filters.active')}
            {...urlSelect(search, set, 'active')}
            all={t('filters.allStatuses')}
            options={[
              { value: 'true', label: t('filters.activeOnly') },
              { value: 'false', label: t('filters.inactiveOnly') },
            ]}
          />
          {filtered && <ClearFiltersButton label={t('filters.clear')} onClick={() => set({ profileId: undefined, branchId: undefined, flag: undefined, active: undefined })} className="self-end justify-self-start" />}
        </div>
        {profiles.isError && <FetchFailed error={profiles.error} fallback={t('profilesFailed')} retryLabel={t('retry')} onRetry={() => void profiles.refetch()} />}
        {branches.isError && <FetchFailed error={branches.error} fallback={t('branchesFailed')} retryLabel={t('retry')} onRetry={() => void branches.refetch()} />}

        <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'users-skeleton' }} empty={<ListEmpty>{q ? t('emptySearch') : filtered ? t('emptyFilter') : t('empty')}</ListEmpty>}>
          <DataList
            label={t('title')}
            rows={paged.rows}
            columns={columns}
            rowKey={(u) => u.id}
            onRowClick={(u) => open(u.id)}
            {...urlSort(search, set)}
            card={(u) =>
              openLink(
                u,
                CARD_LINK_CLASS,
                <>
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium text-primary">{u.name}</span>
                    <UserStatusBadge active={u.active} />
                  </span>
                  <span className="break-all text-xs text-muted-foreground">{u.email}</span>
                  <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                    {profileOf(u) && <span>{profileOf(u)}</span>}
                    {flagsOf(u) && <span>{flagsOf(u)}</span>}
                    <span>{branchesOf(u)}</span>
                  </span>
                </>,
                'user-card',
              )
            }
          />
        </PagedList>
      </CardContent>
      <UserSheet id={search.user ?? null} profiles={profiles.data ?? []} branches={branches.data ?? []} onClose={() => void navigate({ search: (prev) => ({ ...prev, user: undefined }) })} />
    </Card>
  );
}
