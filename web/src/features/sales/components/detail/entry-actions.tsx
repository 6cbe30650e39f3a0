import type { Sale } from '@ev/shared/schemas/sales';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api';
import { apiErrorText } from '@/lib/api-error-text';
import { notify } from '@/lib/notices';

/** What a user may start from a sale: continue a draft or copy it (create on `vendas`), correct a pending sale (update on `vendas`). */
export function EntryActions({ sale, canCreate, canEdit }: { sale: Sale; canCreate: boolean; canEdit: boolean }) {
  const { t } = useTranslation('sales');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const copy = () => {
    setBusy(true);
    setError(null);
    api<Sale>(`/sales/${sale.id}/clone`, { method: 'POST' })
      .then((draft) => {
        notify({ kind: 'success', text: t('entry.cloned') });
        void navigate({ to: '/sales/create/{-$id}', params: { id: draft.id } });
      })
      .catch((e: unknown) => setError(apiErrorText(e, t('entry.cloneFailed'))))
      .finally(() => setBusy(false));
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {canCreate && sale.status === 'typing' && (
          <Button asChild>
            <Link to="/sales/create/{-$id}" params={{ id: sale.id }}>
              {t('entry.continue')}
            </Link>
          </Button>
        )}
        {canEdit && sale.status === 'pending' && !sale.consigned && (
          <Button asChild>
            <Link to="/sales/$id/edit" params={{ id: sale.id }}>
              {t('entry.edit')}
            </Link>
          </Button>
        )}
        {canCreate && (
          <Button variant="outline" onClick={copy} disabled={busy}>
            {t('entry.clone')}
          </Button>
        )}
      </div>
      {error && <Alert variant="error">{error}</Alert>}
    </div>
  );
}

