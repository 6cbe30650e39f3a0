import { useTranslation } from 'react-i18next';
import { timeOf } from './portfolio-plan';

/** "há 5 minutos" in the user's language, from a time the data layer wrote (the last sync, the stock's snapshot). */
export function useAge(): (value: string) => string {
  const { i18n } = useTranslation();
  return (value: string) => {
    const seconds = Math.round((timeOf(value) - Date.now()) / 1000);
    const rtf = new Intl.RelativeTimeFormat(i18n.language === 'en' ? 'en' : 'pt-BR', { numeric: 'auto' });
    const abs = Math.abs(seconds);
    if (abs < 60) return rtf.format(0, 'minute');
    if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
    if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
    return rtf.format(Math.round(seconds / 86400), 'day');
  };
}
