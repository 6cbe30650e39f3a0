import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, resolveLanguage, type Language } from '@/lib/i18n';
import { chooseLanguage } from '@/lib/language';
import { cn } from '@/lib/cn';

const LABELS: Record<Language, string> = { pt: 'Português', en: 'English' };

/** The language switch: pt and en, kept in localStorage and a 30-day cookie, and with the user once signed in (lib/language.ts). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { i18n, t } = useTranslation('common');
  const current = resolveLanguage(i18n.language);
  return (
    <label className={cn('inline-flex items-center gap-2 text-sm', className)}>
      <IconLanguage aria-hidden className="size-4" />
      <span className="sr-only">{t('language')}</span>
      <select
        name="language"
        className="rounded-md border border-input bg-card px-2 py-1 text-sm"
        value={current}
        onChange={(e) => void chooseLanguage(e.target.value as Language)}
        aria-label={t('language')}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {LABELS[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
