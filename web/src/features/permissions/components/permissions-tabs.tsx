import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAbility } from '@/lib/ability';

/**
 * The permissions area's tabs (issue 14): "Perfis" (/permissions) and "Usuários"
 * (/permissions/users), each shown to whoever may open it.
 */
export function PermissionsTabs() {
  const { t } = useTranslation('permissions');
  const ability = useAbility();
  const tabs = [
    { to: '/permissions', label: t('tabs.profiles'), show: ability.can('read', 'permissões') },
    { to: '/permissions/users', label: t('tabs.users'), show: ability.can('update', 'usuarios') },
  ].filter((tab) => tab.show);
  return (
    <nav aria-label={t('tabs.label')} className="flex gap-1 border-b">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          activeOptions={{ exact: true }}
          className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground data-[status=active]:border-primary data-[status=active]:text-foreground"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
