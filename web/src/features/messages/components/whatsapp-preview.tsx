import { useTranslation } from 'react-i18next';

/**
 * A message as WhatsApp shows it to a client: a bubble with the header in bold, the body, the
 * footer in grey, and the buttons under it. Used by the template form (with the examples) and by
 * the send (with one client's values).
 */
export function WhatsAppPreview({ header, body, footer, buttons }: { header: string | null; body: string; footer: string | null; buttons: string[] }) {
  const { t } = useTranslation('whatsapp');
  return (
    <figure aria-label={t('template.preview')} className="rounded-lg bg-[#e5ddd5] p-3 dark:bg-[#0b141a]">
      <div className="max-w-80 rounded-lg rounded-tl-none bg-white px-3 py-2 text-sm text-[#111b21] shadow-sm dark:bg-[#202c33] dark:text-[#e9edef]">
        {header && <p className="mb-1 font-semibold">{header}</p>}
        <p className="whitespace-pre-wrap break-words">{body || <span className="text-[#54656f] dark:text-[#8696a0]">{t('template.emptyBody')}</span>}</p>
        {footer && <p className="mt-1 text-xs text-[#54656f] dark:text-[#8696a0]">{footer}</p>}
      </div>
      {buttons.length > 0 && (
        <ul className="mt-1 flex max-w-80 flex-col gap-1">
          {buttons.map((b, i) => (
            <li key={i} className="rounded-lg bg-white px-3 py-1.5 text-center text-sm font-medium text-[#027eb5] shadow-sm dark:bg-[#202c33] dark:text-[#53bdeb]">
              {b || '…'}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
