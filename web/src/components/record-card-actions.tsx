import { IconChevronDown, IconChevronUp, IconDatabaseCog, IconEye, IconEyeOff, IconHelp, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** The texts of the toolbar, in the page's language and namespace. */
export interface RecordCardActionTexts {
  label: string;
  reload: string;
  help: string;
  collapse: string;
  expand: string;
  show: string;
  reloadCache: string;
  /** Needed with `onDelete`. */
  delete?: string;
}

const ACTION = 'size-9 px-0';

/** The toolbar's texts from a page's namespace, where they live under `actions.*`. */
export function cardActionTexts(t: (key: string) => string, withDelete = false): RecordCardActionTexts {
  return {
    label: t('actions.label'),
    reload: t('actions.reload'),
    help: t('actions.help'),
    collapse: t('actions.collapse'),
    expand: t('actions.expand'),
    show: t('actions.show'),
    reloadCache: t('actions.reloadCache'),
    ...(withDelete ? { delete: t('actions.delete') } : {}),
  };
}

/**
 * The spec's card actions of a record page (reload, help, collapse, show details, reload cache,
 * then the page's own links, new, delete), as an icon toolbar. An action is shown when its handler
 * is given; toggles say their state to assistive technology.
 */
/** A page's own card action: an icon link, labelled. */
export interface RecordCardLink {
  label: string;
  link: ReactElement;
}

export function RecordCardActions(props: {
  texts: RecordCardActionTexts;
  onReload?: () => void;
  help: boolean;
  onHelp: () => void;
  collapsed: boolean;
  onCollapse: () => void;
  /** Shown for a saved record. */
  details?: { shown: boolean; onToggle: () => void };
  onRevalidate?: () => void;
  revalidating?: boolean;
  /** Links of the page (e.g. a dashboard, "new"): each an icon link, labelled. */
  links?: RecordCardLink[];
  onDelete?: () => void;
}): ReactNode {
  const { texts: t } = props;
  return (
    <div className="flex flex-wrap items-center gap-1" role="toolbar" aria-label={t.label}>
      {props.onReload && (
        <Button variant="ghost" className={ACTION} title={t.reload} aria-label={t.reload} onClick={props.onReload}>
          <IconRefresh aria-hidden />
        </Button>
      )}
      <Button variant="ghost" className={ACTION} title={t.help} aria-label={t.help} aria-pressed={props.help} onClick={props.onHelp}>
        <IconHelp aria-hidden />
      </Button>
      <Button
        variant="ghost"
        className={ACTION}
        title={props.collapsed ? t.expand : t.collapse}
        aria-label={props.collapsed ? t.expand : t.collapse}
        aria-expanded={!props.collapsed}
        onClick={props.onCollapse}
      >
        {props.collapsed ? <IconChevronDown aria-hidden /> : <IconChevronUp aria-hidden />}
      </Button>
      {props.details && (
        <Button variant="ghost" className={ACTION} title={t.show} aria-label={t.show} aria-pressed={props.details.shown} onClick={props.details.onToggle}>
          {props.details.shown ? <IconEyeOff aria-hidden /> : <IconEye aria-hidden />}
        </Button>
      )}
      {props.onRevalidate && (
        <Button variant="ghost" className={ACTION} title={t.reloadCache} aria-label={t.reloadCache} onClick={props.onRevalidate} disabled={props.revalidating}>
          <IconDatabaseCog aria-hidden />
        </Button>
      )}
      {props.links?.map(({ label, link }) => (
        <Button key={label} asChild variant="ghost" className={ACTION} title={label} aria-label={label}>
          {link}
        </Button>
      ))}
      {props.onDelete && (
        <Button variant="ghost" className={`${ACTION} text-destructive`} title={t.delete} aria-label={t.delete} onClick={props.onDelete}>
          <IconTrash aria-hidden />
        </Button>
      )}
    </div>
  );
}
