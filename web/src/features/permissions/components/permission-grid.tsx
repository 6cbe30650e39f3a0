import { cellKey, cellOffered, GRID_ACTIONS, isHighRisk, OWN_SUBJECTS, SUBJECT_ACTIONS, SUBJECT_GROUPS, type GridAction, type PermissionGrid, type Subject } from '@ev/shared/permissions';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { Label } from '@/components/ui/label';

/**
 * A profile's abilities as a grid (issue 14): one table per menu group, a row per module, a column
 * per action, and "own records only" where the module's records have an owner; under a table, the
 * abilities a module has beyond the columns (the clients' export, the sales' moves). High-risk cells carry a warning mark
 * and say so to assistive technology. "Acesso total" checks everything.
 */
export function PermissionGridEditor({ grid, onChange, disabled }: { grid: PermissionGrid; onChange(next: PermissionGrid): void; disabled: boolean }) {
  const { t } = useTranslation('permissions');
  const subjectLabel = (s: Subject) => t(`messages:subjects.${s}`);
  const toggle = (action: GridAction, subject: Subject, on: boolean) => {
    const key = cellKey(action, subject);
    onChange({ ...grid, cells: on ? [...grid.cells, key].sort() : grid.cells.filter((c) => c !== key) });
  };
  const toggleOwn = (subject: Subject, on: boolean) => onChange({ ...grid, own: on ? [...grid.own, subject].sort() : grid.own.filter((s) => s !== subject) });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 rounded-md border border-warning/40 bg-warning/10 p-3">
        <Switch id="permissions-full" checked={grid.full} disabled={disabled} onCheckedChange={(full) => onChange({ ...grid, full })} />
        <Label htmlFor="permissions-full" className="flex flex-col gap-0.5">
          <span className="flex items-center gap-1 font-medium">
            <IconAlertTriangle aria-hidden className="size-4 text-warning" />
            {t('grid.full')}
          </span>
          <span className="text-xs font-normal text-muted-foreground">{t('grid.fullHint')}</span>
        </Label>
      </div>
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        <IconAlertTriangle aria-hidden className="size-3.5 text-warning" />
        {t('grid.legend')}
      </p>
      {SUBJECT_GROUPS.map((group) => (
        <div key={group.id} className="flex flex-col gap-3">
          <div className="overflow-x-auto rounded-md border" tabIndex={0} role="region" aria-label={t(`groups.${group.id}`)}>
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="border-b bg-muted/50 px-3 py-2 text-left font-medium">{t(`groups.${group.id}`)}</caption>
              <thead>
                <tr className="text-xs text-muted-foreground">
                  <th scope="col" className="px-3 py-2 text-left font-medium">{t('grid.module')}</th>
                  {GRID_ACTIONS.map((a) => (
                    <th key={a} scope="col" className="px-2 py-2 text-center font-medium">{t(`actions.${a}`)}</th>
                  ))}
                  <th scope="col" className="px-2 py-2 text-center font-medium">{t('grid.own')}</th>
                </tr>
              </thead>
              <tbody>
                {group.subjects.map((subject) => (
                  <tr key={subject} className="border-t">
                    <th scope="row" className="px-3 py-1.5 text-left font-normal">{subjectLabel(subject)}</th>
                    {GRID_ACTIONS.map((action) => {
                      if (!cellOffered(action, subject)) {
                        return (
                          <td key={action} className="px-2 py-1.5 text-center text-muted-foreground">
                            <span aria-hidden>—</span>
                            <span className="sr-only">{t('grid.notOffered')}</span>
                          </td>
                        );
                      }
                      const risky = isHighRisk(action, subject);
                      const label = `${t(`actions.${action}`)} — ${subjectLabel(subject)}${risky ? ` (${t('grid.highRisk')})` : ''}`;
                      return (
                        <td key={action} className="px-2 py-1.5 text-center">
                          <span className="inline-flex items-center gap-0.5">
                            <input
                              type="checkbox"
                              className="size-4 accent-primary"
                              aria-label={label}
                              checked={grid.full || grid.cells.includes(cellKey(action, subject))}
                              disabled={disabled || grid.full}
                              onChange={(e) => toggle(action, subject, e.target.checked)}
                            />
                            {risky && <IconAlertTriangle aria-hidden className="size-3.5 text-warning" />}
                          </span>
                        </td>
                      );
                    })}
                    <td className="px-2 py-1.5 text-center">
                      {OWN_SUBJECTS.includes(subject) ? (
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          aria-label={`${t('grid.own')} — ${subjectLabel(subject)}`}
                          checked={!grid.full && grid.own.includes(subject)}
                          disabled={disabled || grid.full}
                          onChange={(e) => toggleOwn(subject, e.target.checked)}
                        />
                      ) : (
                        <>
                          <span aria-hidden className="text-muted-foreground">—</span>
                          <span className="sr-only">{t('grid.notOffered')}</span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {group.subjects.map((subject) => {
            const actions = SUBJECT_ACTIONS[subject];
            if (!actions) return null;
            return (
              <fieldset key={subject} className="rounded-md border p-3">
                <legend className="px-1 text-sm font-medium">{t(`subjectActions.${subject}`, { subject: subjectLabel(subject) })}</legend>
                <ul className="grid gap-2 sm:grid-cols-2">
                  {actions.map((action) => {
                    const risky = isHighRisk(action, subject);
                    const id = `permission-${subject}-${action}`;
                    return (
                      <li key={action} className="flex items-start gap-2">
                        <input
                          id={id}
                          type="checkbox"
                          className="mt-0.5 size-4 shrink-0 accent-primary"
                          aria-label={`${t(`actions.${action}`)} — ${subjectLabel(subject)}${risky ? ` (${t('grid.highRisk')})` : ''}`}
                          aria-describedby={`${id}-hint`}
                          checked={grid.full || grid.cells.includes(cellKey(action, subject))}
                          disabled={disabled || grid.full}
                          onChange={(e) => toggle(action, subject, e.target.checked)}
                        />
                        <label htmlFor={id} className="flex flex-col gap-0.5 text-sm">
                          <span className="flex items-center gap-1">
                            {t(`actions.${action}`)}
                            {risky && <IconAlertTriangle aria-hidden className="size-3.5 text-warning" />}
                          </span>
                          <span id={`${id}-hint`} className="text-xs text-muted-foreground">{t(`actionHints.${action}`)}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            );
          })}
        </div>
      ))}
    </div>
  );
}
