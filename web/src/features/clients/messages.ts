import type { ClientTexts } from '@ev/shared/schemas/clients';
import { useTranslation } from 'react-i18next';

type Key = keyof typeof ClientTexts & ('emptySearch' | 'noSubordinates' | 'incomplete' | 'situationBlocks' | 'onlyAddress');

/** The clients' shared texts (`ClientTexts`) in the current language, by key. */
export function useClientMessage(): (key: Key) => string {
  const { t } = useTranslation('messages');
  return (key) => t(`clients.${key}`);
}
