import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListEmpty, PagedList, pagedListTexts, usePagedRows } from '@/components/list';
import { PAGE_SIZE, useSaleList } from './api/sales-api';
import { SalesTable } from './components/sales-table';

/**
 * A client's "Vendas" tab (the client page composes it in its route: features do not import each
 * other): the client's closed sales, newest first, each a link to `/sales/{id}`.
 */
export function ClientSalesTab({ clientId }: { clientId: string }) {
  const { t } = useTranslation('sales');
  const navigate = useNavigate();
  const list = useSaleList({ clientId });
  const paged = usePagedRows(list, clientId, PAGE_SIZE);
  return (
    <div className="flex flex-col gap-3 pt-2" data-testid="client-sales">
      <PagedList paged={paged} texts={pagedListTexts(t)} skeleton={{ testId: 'client-sales-skeleton', bars: 3 }} empty={<ListEmpty>{t('clientTab.empty')}</ListEmpty>}>
        <SalesTable label={t('clientTab.label')} rows={paged.rows} showClient={false} onOpen={(id) => void navigate({ to: '/sales/$id', params: { id } })} />
      </PagedList>
    </div>
  );
}
