import { Button } from '@/components/ui/button';

/**
 * A form's last row: Cancel (a plain button, outlined) and the submit button, which is disabled
 * and reads `texts.submitting` while the form submits. The texts are the feature's own.
 */
export function FormActions({ texts, submitting, onCancel }: { texts: { cancel: string; submit: string; submitting: string }; submitting: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button type="button" variant="outline" onClick={onCancel}>
        {texts.cancel}
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitting ? texts.submitting : texts.submit}
      </Button>
    </div>
  );
}
