import type { SessionData } from '@ev/shared/schemas/auth';
import { IconAlertTriangle, IconBuildingStore, IconChevronDown } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { api } from '@/lib/api';
import { apiErrorText, apiText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import type { Direction } from '@/lib/preferences';
import { session, type SessionBody } from '@/lib/session';

export function branchLabel(branch: { nome: string; apelido: string | null }): string {
  return branch.apelido?.trim() || branch.nome;
}

/** POST /api/auth/branch: the session comes back with new tokens; every query is refetched for the new branch. */
export function useSwitchBranch() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('layout');
  return useMutation({
    mutationFn: (branchId: string) => api<{ status: 'success'; data: SessionData }>('/auth/branch', { method: 'POST', body: { branchId } }),
    onSuccess: async ({ data }) => {
      session.set(data);
      if (data.branch) toast.success(t('branch.switched', { name: branchLabel(data.branch) }));
      await queryClient.invalidateQueries();
    },
    onError: (error) => toast.error(apiErrorText(error, t('branch.error'))),
  });
}

/** The active branch (result center) and the switch among the allowed ones; without a branch, the session's message. */
export function BranchSwitcher({ data, dir, className }: { data: SessionBody; dir: Direction; className?: string }) {
  const { t } = useTranslation('layout');
  const switchBranch = useSwitchBranch();
  if (!data.branch) {
    return (
      <DropdownMenu dir={dir} modal={false}>
        <DropdownMenuTrigger
          className={cn('inline-flex h-9 items-center gap-1.5 rounded-md border border-warning/40 bg-warning/10 px-2.5 text-sm font-medium text-warning', className)}
          aria-label={t('branch.noneLabel')}
        >
          <IconAlertTriangle aria-hidden className="size-4" />
          {t('branch.none')}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-w-xs">
          <p role="status" className="p-2 text-sm">
            {data.message ? apiText('noBranches') : t('branch.none')}
          </p>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }
  const current = data.branch;
  return (
    <DropdownMenu dir={dir} modal={false}>
      <DropdownMenuTrigger
        data-testid="branch-switcher"
        disabled={switchBranch.isPending}
        className={cn('inline-flex h-9 min-w-0 max-w-56 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium hover:bg-muted data-[state=open]:bg-muted', className)}
        aria-label={t('branch.choose', { name: branchLabel(current) })}
      >
        <IconBuildingStore aria-hidden className="size-4 shrink-0" />
        <span className="truncate">{branchLabel(current)}</span>
        <IconChevronDown aria-hidden className="size-4 shrink-0 opacity-60" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-xs font-semibold uppercase text-muted-foreground">{t('branch.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current.id} onValueChange={(id) => id !== current.id && switchBranch.mutate(id)}>
          {data.branches.map((b) => (
            <DropdownMenuRadioItem key={b.id} value={b.id}>
              {branchLabel(b)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
