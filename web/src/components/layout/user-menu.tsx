import { IconBuilding, IconBuildingStore, IconCloudDown, IconLanguage, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator, DropdownMenuSub, DropdownMenuSubContent, DropdownMenuSubTrigger, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { LANGUAGES, resolveLanguage, type Language } from '@/lib/i18n';
import { chooseLanguage } from '@/lib/language';
import { logout } from '@/lib/logout';
import { useRouteExists } from '@/lib/menu';
import type { Direction } from '@/lib/preferences';
import { companyName, displayName, type SessionBody } from '@/lib/session';
import { branchLabel, useSwitchBranch } from './branch-switcher';

const LANGUAGE_NAMES: Record<Language, string> = { pt: 'Português', en: 'English' };

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * The user menu (spec section 2: my profile, customize, sign out), headed by the display name and
 * the company. On narrow screens it also holds the branch and language choices, which the navbar
 * shows from 960 px up.
 */
export function UserMenu({ data, compact, dir, onCustomize }: { data: SessionBody; compact: boolean; dir: Direction; onCustomize: (opener: HTMLElement | null) => void }) {
  const { t, i18n } = useTranslation('layout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const switchBranch = useSwitchBranch();
  const hasProfile = useRouteExists('/user/settings');
  const hasOffline = useRouteExists('/offline');
  const trigger = useRef<HTMLButtonElement>(null);
  const customizeNext = useRef(false);
  const name = displayName(data.user);
  const company = companyName(data.company);

  /** Items of this device not sent (waiting, or refused for review) when the user asked to leave: asked about first. */
  const [unsent, setUnsent] = useState(0);
  const [leaving, setLeaving] = useState(false);

  async function signOut(confirmed = false) {
    if (!confirmed) {
      // What waits is sent first where it can be; what is left would go with the device's database (spec section 4).
      const left = await unsentItems();
      if (left > 0) {
        setUnsent(left);
        return;
      }
    }
    setLeaving(true);
    const result = await logout(queryClient).finally(() => setLeaving(false));
    setUnsent(0);
    if (result.ok) {
      toast.success(result.message);
      await navigate({ to: '/login' });
    } else toast.error(result.message);
  }

  return (
    <>
      <ConfirmDialog
        open={unsent > 0}
        onOpenChange={(open) => !open && setUnsent(0)}
        title={t('user.unsentTitle')}
        description={t('user.unsentText', { count: unsent })}
        cancelLabel={t('user.unsentStay')}
        confirmLabel={t('user.unsentLeave')}
        destructive
        busy={leaving}
        onConfirm={() => void signOut(true)}
      >
        {hasOffline && (
          <Button
            variant="link"
            className="self-start px-0"
            onClick={() => {
              setUnsent(0);
              void navigate({ to: '/offline' });
            }}
          >
            {t('user.unsentSee')}
          </Button>
        )}
      </ConfirmDialog>
    <DropdownMenu dir={dir} modal={false}>
      <DropdownMenuTrigger ref={trigger} className="inline-flex h-10 items-center gap-2 rounded-full ps-0.5 pe-0.5 hover:bg-muted data-[state=open]:bg-muted md:pe-3" aria-label={t('user.menu', { name })}>
        {data.user.avatar ? (
          <img src={data.user.avatar} alt="" className="size-9 rounded-full object-cover" />
        ) : (
          // The initials stand in for the photo (an image, as the photo's empty alt): drawn by CSS,
          // they are not text the button shows beside its name (WCAG 2.5.3, Label in Name).
          <span
            aria-hidden
            data-initials={initials(data.user.apelido || data.user.nome)}
            className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground before:content-[attr(data-initials)]"
          />
        )}
        <span className="hidden max-w-32 truncate text-sm font-medium md:inline" data-testid="navbar-user-name">
          {name}
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-64"
        onCloseAutoFocus={(e) => {
          // "Personalizar" opens the customizer once this menu has closed; focus goes back here after it.
          if (customizeNext.current) {
            e.preventDefault();
            customizeNext.current = false;
            onCustomize(trigger.current);
          }
        }}
      >
        <DropdownMenuLabel className="flex flex-col gap-0.5" data-testid="user-menu-header">
          <span className="truncate font-semibold">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{data.user.email}</span>
          <span className="mt-1 flex items-center gap-1.5 truncate text-xs font-normal text-muted-foreground">
            <IconBuilding aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate" data-testid="user-menu-company">
              {company}
            </span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {compact && data.branch && data.branches.length > 0 && (
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>
              <IconBuildingStore aria-hidden />
              <span className="truncate">
                {t('user.branch')}: {branchLabel(data.branch)}
              </span>
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuRadioGroup value={data.branch.id} onValueChange={(id) => id !== data.branch?.id && switchBranch.mutate(id)}>
                {data.branches.map((b) => (
                  <DropdownMenuRadioItem key={b.id} value={b.id}>
                    {branchLabel(b)}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        )}
        {compact && (
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>
              <IconLanguage aria-hidden />
              {t('user.language')}
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuRadioGroup value={resolveLanguage(i18n.language)} onValueChange={(l) => void chooseLanguage(l as Language)}>
                {LANGUAGES.map((l) => (
                  <DropdownMenuRadioItem key={l} value={l} lang={l === 'pt' ? 'pt-BR' : 'en'}>
                    {LANGUAGE_NAMES[l]}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        )}
        {compact && <DropdownMenuSeparator />}
        {hasProfile && (
          <DropdownMenuItem onSelect={() => void navigate({ to: '/user/settings' })}>
            <IconUser aria-hidden />
            {t('user.profile')}
          </DropdownMenuItem>
        )}
        {hasOffline && (
          <DropdownMenuItem onSelect={() => void navigate({ to: '/offline' })}>
            <IconCloudDown aria-hidden />
            {t('user.offline')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => {
            customizeNext.current = true;
          }}>
          <IconSettings aria-hidden />
          {t('user.customize')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <IconLogout aria-hidden />
          {t('user.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
    </>
  );
}

/** How many items of the device's queue and review list would be lost with its database (0 when it holds none or cannot be read). */
async function unsentItems(): Promise<number> {
  try {
    const offline = await import('@/lib/offline/store');
    await offline.sendQueue().catch(() => undefined);
    const status = await offline.offlineStatus();
    return status.queue + status.review;
  } catch {
    return 0;
  }
}
