import { IconBuilding, IconBuildingStore, IconCloudDown, IconLanguage, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
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

  async function signOut() {
    const result = await logout(queryClient);
    if (result.ok) {
      toast.success(result.message);
      await navigate({ to: '/login' });
    } else toast.error(result.message);
  }

  return (
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
  );
}
