import { SchedulingTexts } from '@ev/shared/schemas/schedulings';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordPageFrame, RECORD_ID, recordReadState } from '@/components/record-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { textOf } from '@/lib/api-error-text';
import { notify } from '@/lib/notices';
import { useScheduling } from '../api/schedulings-api';
import { SchedulingForm } from './scheduling-form';

/**
 * `/schedulings/{id}/edit` (update agendamentos): a pending scheduling in the form that creates one,
 * filled with it, saved over the version read (PUT). Saved, it opens; one no longer pending says
 * why instead (only a pending one is edited).
 */
export function SchedulingEditPage({ id }: { id: string }) {
  const { t } = useTranslation('schedulings');
  const navigate = useNavigate();
  const validId = RECORD_ID.test(id);
  const query = useScheduling(id, validId);
  const s = query.data ?? null;
  // Decided on the first read: the record read again after a 409 keeps the form, and what was typed, on screen.
  const [editable, setEditable] = useState<boolean | null>(null);
  if (s && editable === null) setEditable(s.status === 'pending');

  return (
    <RecordPageFrame back={{ link: <Link to="/schedulings/$id" params={{ id }} />, label: t('singular') }} title={t('editTitle')} actions={null}>
      <CardContent className="flex flex-col gap-4">
        {recordReadState({ validId, creating: false, query }, t, { link: <Link to="/schedulings/pending" />, label: t('titles.pending') }) ??
          (s &&
            (editable ? (
              <SchedulingForm
                record={s}
                onSaved={(answer) => {
                  notify({ kind: 'success', text: t('updated') });
                  void navigate({ to: '/schedulings/$id', params: { id: answer.id }, replace: true });
                }}
                onCancel={() => void navigate({ to: '/schedulings/$id', params: { id } })}
                onStale={async () => (await query.refetch()).data}
              />
            ) : (
              <>
                <Alert variant="warning">{textOf(SchedulingTexts.notEditable())}</Alert>
                <div>
                  <Button asChild variant="outline">
                    <Link to="/schedulings/$id" params={{ id }}>
                      {t('openScheduling')}
                    </Link>
                  </Button>
                </div>
              </>
            )))}
      </CardContent>
    </RecordPageFrame>
  );
}
