import { IconRefresh } from '@tabler/icons-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';

/**
 * A read that failed (spec section 8, "fetch failed, check connection"): the API's text when it
 * sent one, else the page's own, and a button to try again. Nothing else on the page is lost.
 */
export function FetchFailed({ error, fallback, retryLabel, onRetry }: { error: unknown; fallback: string; retryLabel: string; onRetry: () => void }) {
  return (
    <Alert variant="error">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>{apiErrorText(error, fallback)}</span>
        <Button size="sm" variant="outline" onClick={onRetry}>
          <IconRefresh aria-hidden />
          {retryLabel}
        </Button>
      </div>
    </Alert>
  );
}
