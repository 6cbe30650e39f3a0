import { ClientMessages } from '@ev/shared/schemas/clients';
import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '@/lib/i18n';

type Key = 'emptySearch' | 'noSubordinates' | 'incomplete' | 'situationBlocks' | 'onlyAddress';

/** The API's Portuguese texts as they are in Portuguese; their translation (clients:messages.*) otherwise. */
export function useClientMessage(): (key: Key) => string {
  const { t, i18n } = useTranslation('clients');
  return (key) => (resolveLanguage(i18n.language) === 'pt' ? ClientMessages[key] : t(`messages.${key}`));
}
