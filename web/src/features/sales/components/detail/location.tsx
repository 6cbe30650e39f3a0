import type { Sale } from '@ev/shared/schemas/sales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { planRoute } from '@/components/map/route-geometry';
import { RouteMapView } from '@/components/map/route-map-view';
import type { MapStop } from '@/components/map/stop';
import { useFormat } from '@/lib/format';
import { Fields } from './parts';

/**
 * "Local do fechamento": the position the sale was closed at and its precision, and, where the
 * company has a maps token (`details.map`), the same MapLibre view the itineraries draw, small,
 * with one marker. Without a token, the figures alone: no request to any map server.
 */
export function LocationBlock({ sale }: { sale: Sale }) {
  const { t } = useTranslation('sales');
  const format = useFormat();
  const g = sale.geolocation;
  const map = sale.details?.map ?? null;
  const label = t('detail.locationMarker', { number: sale.number ?? '' });
  const plan = useMemo(() => {
    const stop: MapStop = { id: sale.id, position: 1, name: label, latitude: g?.latitude ?? null, longitude: g?.longitude ?? null, flagged: false, status: 'completed' };
    return planRoute([stop], null);
  }, [sale.id, label, g?.latitude, g?.longitude]);
  if (!g) return <p className="text-sm text-muted-foreground" data-testid="sale-location">{t('detail.noLocation')}</p>;
  return (
    <div className="flex flex-col gap-3" data-testid="sale-location">
      <Fields
        rows={[
          { label: t('detail.latitude'), value: format.number(String(g.latitude), 6) },
          { label: t('detail.longitude'), value: format.number(String(g.longitude), 6) },
          { label: t('detail.precision'), value: t('detail.precisionValue', { meters: format.number(String(Math.round(g.accuracy)), 0) }) },
        ]}
      />
      {map && <RouteMapView key={map.token} plan={plan} token={map.token} center={{ latitude: g.latitude, longitude: g.longitude }} zoom={map.zoom} stopLabel={() => label} className="h-64 max-w-3xl" />}
    </div>
  );
}
