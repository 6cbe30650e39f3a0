import type { User } from '@ev/shared/schemas/users';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { notify } from '@/lib/notices';
import { refreshSessionData } from '@/lib/session-data';
import { saveOwnProfile, uploadOwnAvatar, useOwnRecordSaved } from '../api/settings-api';

/** The longest side of the photo sent: enough for the menu and the settings, a few KB. */
const SIDE = 256;
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

/** The chosen picture, cropped to a centred square and resized to 256 px, as a WebP (else JPEG) data URL. */
async function squarePhoto(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = Math.min(SIDE, side);
  canvas.getContext('2d')!.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const webp = canvas.toDataURL('image/webp', 0.85);
  return webp.startsWith('data:image/webp') ? webp : canvas.toDataURL('image/jpeg', 0.85);
}

/** The user's photo: sent from the device (cropped and resized here), or removed. */
export function AvatarPicker({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const ownRecordSaved = useOwnRecordSaved();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function saved(next: User, text: string) {
    void ownRecordSaved(next);
    // The menu shows the photo from the session's data.
    await refreshSessionData().catch(() => undefined);
    notify({ kind: 'success', text });
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (!ACCEPTED.includes(file.type)) {
      setError(t('photo.type'));
      return;
    }
    setBusy(true);
    try {
      const next = await uploadOwnAvatar(await squarePhoto(file), user.version);
      await saved(next, t('photo.saved'));
    } catch (err) {
      setError(apiFieldErrors(err)[0]?.message ?? apiErrorText(err, t('photo.failed')));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      const next = await saveOwnProfile({ nickname: user.nickname, phones: user.phones, avatar: null, timezone: user.timezone, dateFormat: user.dateFormat, version: user.version });
      await saved(next, t('photo.removed'));
    } catch (err) {
      setError(apiErrorText(err, t('photo.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">{t('photo.label')}</span>
      <div className="flex flex-wrap items-center gap-3">
        {user.avatar ? (
          <img src={user.avatar} alt={t('photo.current')} className="size-16 rounded-full border object-cover" />
        ) : (
          <span className="flex size-16 items-center justify-center rounded-full border bg-muted text-muted-foreground">
            <IconPhoto aria-hidden className="size-6" />
            <span className="sr-only">{t('photo.none')}</span>
          </span>
        )}
        <input ref={input} type="file" accept={ACCEPTED.join(',')} className="hidden" aria-hidden tabIndex={-1} onChange={(e) => void choose(e.target.files?.[0])} data-testid="avatar-file" />
        <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
          <IconPhoto aria-hidden />
          {busy ? t('photo.sending') : t('photo.send')}
        </Button>
        {user.avatar && (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => void remove()}>
            <IconTrash aria-hidden />
            {t('photo.remove')}
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">{t('photo.hint')}</p>
      {error && <Alert variant="error">{error}</Alert>}
    </div>
  );
}
