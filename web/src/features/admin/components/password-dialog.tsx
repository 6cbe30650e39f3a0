import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { textareaClass } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { apiErrorText, apiFieldErrors } from '@/lib/api-error-text';
import { isPasswordError } from '../api/admin-api';

interface PasswordDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /**
   * A reason asked with the password (a textarea of `min` to `max` characters, trimmed; sent as
   * `reason`): checked before sending, and the API's refusal of it shown on it, the dialog open.
   */
  reason?: { label: string; hint: string; required: string; min: number; max: number };
  /** Sends the action with the password typed; a refusal of the password keeps the dialog open with the API's text on the field. */
  onConfirm(adminPassword: string, reason: string): Promise<void>;
  /** Any other refusal: the dialog closes and the page shows it (a form's fields, a conflict). */
  onFailed(error: unknown): void;
  testId?: string;
  /** Where the focus goes on close when the control that opened the dialog is gone (the action replaced by its undo). */
  focusAfter?: () => HTMLElement | null;
}

/**
 * The question before an operator's action that changes a company (docs/admin.md, "The password
 * typed again"): the operator's own password, sent with the action. A missing or wrong one is the
 * API's text on the field and the dialog stays open; the password never outlives the dialog.
 */
export function PasswordDialog({ open, onOpenChange, title, description, testId, focusAfter, ...props }: PasswordDialogProps) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        role="alertdialog"
        className="w-[calc(100%-2rem)] max-w-md gap-4 p-5"
        data-testid={testId}
        onCloseAutoFocus={(e) => {
          const target = focusAfter?.();
          if (!target?.isConnected) return;
          e.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader title={title} description={description} closeLabel={t('close')} closeDisabled={busy} />
        {/* Mounted with the dialog: each opening starts with an empty password. */}
        <PasswordForm {...props} onOpenChange={onOpenChange} busy={busy} setBusy={setBusy} />
      </DialogContent>
    </Dialog>
  );
}

function PasswordForm({ onOpenChange, confirmLabel, destructive, reason, onConfirm, onFailed, busy, setBusy }: Pick<PasswordDialogProps, 'onOpenChange' | 'confirmLabel' | 'destructive' | 'reason' | 'onConfirm' | 'onFailed'> & { busy: boolean; setBusy(busy: boolean): void }) {
  const { t } = useTranslation('admin');
  const [password, setPassword] = useState('');
  const [why, setWhy] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = why.trim();
    if (reason && (trimmed.length < reason.min || trimmed.length > reason.max)) {
      setReasonError(reason.required);
      reasonInput.current?.focus();
      return;
    }
    setReasonError(null);
    if (!password) {
      setError(t('confirm.required'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setFailed(null);
    try {
      await onConfirm(password, trimmed);
      setBusy(false);
      onOpenChange(false);
    } catch (err) {
      setBusy(false);
      const onReason = reason ? apiFieldErrors(err).find((f) => f.field === 'reason') : undefined;
      if (isPasswordError(err)) {
        setError(apiErrorText(err, t('confirm.wrong')));
        input.current?.select();
      } else if (onReason) {
        setReasonError(onReason.message);
        reasonInput.current?.focus();
      } else if (err instanceof ApiError) {
        onOpenChange(false);
        onFailed(err);
      } else setFailed(t('confirm.failed'));
    }
  };

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      {failed && <Alert variant="error">{failed}</Alert>}
      {reason && (
        <FormField label={`${reason.label} *`} error={reasonError ?? undefined} hint={reason.hint}>
          <textarea ref={reasonInput} name="reason" className={textareaClass} maxLength={reason.max} autoFocus value={why} onChange={(e) => setWhy(e.target.value)} />
        </FormField>
      )}
      <FormField label={t('confirm.password')} error={error ?? undefined} hint={t('confirm.hint')}>
        <PasswordInput ref={input} name="adminPassword" autoComplete="current-password" maxLength={128} autoFocus={!reason} value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          {t('confirm.cancel')}
        </Button>
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
          {busy ? t('confirm.sending') : confirmLabel}
        </Button>
      </div>
    </form>
  );
}
