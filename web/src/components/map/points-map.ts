/**
 * The MapLibre side of a map of points (the management geolocation map). Only `points-map-view.tsx`
 * imports this module, and only by a dynamic import, so MapLibre is a chunk of its own.
 */
import { Marker, type ExpressionSpecification, type FilterSpecification, type GeoJSONSource, type MapGeoJSONFeature, type StyleSpecification } from 'maplibre-gl';
import { flatMap } from './flat-map';
import { fitPadding, reducedMotion } from './map-theme';
import { ACCURACY_RADIUS, boundsOfPoints, pointsCollection, type MapPoint, type PointTone } from './points-geometry';
import { cameraFor, routeFeature, type LngLat } from './route-geometry';

export interface PointsMapTexts {
  canvas: string;
  zoomIn: string;
  zoomOut: string;
  resetBearing: string;
  attribution: string;
  /** A cluster's marker label: "12 pontos". */
  cluster(count: number): string;
}

/** What is drawn: how many clusters and single points are on screen (the view writes them on its box). */
export interface PointsDrawn {
  clusters: number;
  points: number;
}

export interface PointsMapOptions {
  container: HTMLElement;
  style: string | StyleSpecification;
  fallbackStyle: StyleSpecification;
  points: MapPoint[];
  /** A salesman's day in time order (empty: none drawn). */
  trail: LngLat[];
  center: { latitude: number; longitude: number };
  zoom: number;
  /** CSS colours MapLibre parses (hex or rgb()). */
  colors: Record<PointTone | 'cluster' | 'trail' | 'casing', string>;
  texts: PointsMapTexts;
  onBaseFailed(): void;
  onIdle(drawn: PointsDrawn): void;
  /** A single point was clicked (its id). */
  onPointClick?(id: string): void;
}

export interface PointsMap {
  draw(points: MapPoint[], trail: LngLat[]): void;
  /** Moves the camera to a point, close enough to see it alone and its accuracy circle. */
  focus(point: Pick<MapPoint, 'latitude' | 'longitude'>): void;
  destroy(): void;
}

const POINTS = 'ev-points';
const TRAIL = 'ev-trail';
/** Past this zoom the points are never clustered; from `ACCURACY_MIN_ZOOM` their accuracy circles show. */
const CLUSTER_MAX_ZOOM = 14;
const ACCURACY_MIN_ZOOM = 13;

const CLUSTER_MARKER =
  'flex items-center justify-center rounded-full border-2 border-white bg-foreground text-xs font-bold tabular-nums text-background shadow-md cursor-pointer select-none';

/**
 * Creates the map: the base style, a clustered GeoJSON source of the points (circles by kind, the
 * far check-ins in their own colour and larger, each point's accuracy circle in metres from zoom
 * 13), the clusters as HTML markers with their count (no glyphs needed: the plain background loads
 * no font), a salesman's day as a line, and the camera fitted to the points. Throws when WebGL is
 * unavailable.
 */
export function createPointsMap(o: PointsMapOptions): PointsMap {
  let points = o.points;
  let trail = o.trail;
  const { map, markStyleLoaded, isStyleLoaded } = flatMap(o, boundsOfPoints(points));

  const tone: ExpressionSpecification = ['match', ['get', 'tone'], 'flagged', o.colors.flagged, 'visit', o.colors.visit, o.colors.sale];
  const single: FilterSpecification = ['!', ['has', 'point_count']];
  const addLayers = () => {
    markStyleLoaded();
    const data = pointsCollection(points);
    const source = map.getSource<GeoJSONSource>(POINTS);
    if (source) source.setData(data);
    else map.addSource(POINTS, { type: 'geojson', data, cluster: true, clusterRadius: 48, clusterMaxZoom: CLUSTER_MAX_ZOOM });
    const line = routeFeature(trail);
    const trailSource = map.getSource<GeoJSONSource>(TRAIL);
    if (trailSource) trailSource.setData(line);
    else map.addSource(TRAIL, { type: 'geojson', data: line });
    const layout = { 'line-join': 'round', 'line-cap': 'round' } as const;
    if (!map.getLayer('ev-trail-casing')) map.addLayer({ id: 'ev-trail-casing', type: 'line', source: TRAIL, layout, paint: { 'line-color': o.colors.casing, 'line-width': 7 } });
    if (!map.getLayer('ev-trail')) map.addLayer({ id: 'ev-trail', type: 'line', source: TRAIL, layout, paint: { 'line-color': o.colors.trail, 'line-width': 3, 'line-dasharray': [2, 1.5] } });
    if (!map.getLayer('ev-accuracy'))
      map.addLayer({
        id: 'ev-accuracy',
        type: 'circle',
        source: POINTS,
        minzoom: ACCURACY_MIN_ZOOM,
        filter: ['all', ['!', ['has', 'point_count']], ['>', ['get', 'accuracy'], 0]],
        paint: { 'circle-radius': ACCURACY_RADIUS as unknown as ExpressionSpecification, 'circle-color': tone, 'circle-opacity': 0.15, 'circle-stroke-color': tone, 'circle-stroke-width': 1, 'circle-stroke-opacity': 0.6 },
      });
    if (!map.getLayer('ev-clusters'))
      map.addLayer({ id: 'ev-clusters', type: 'circle', source: POINTS, filter: ['has', 'point_count'], paint: { 'circle-color': o.colors.cluster, 'circle-opacity': 0.25, 'circle-radius': ['step', ['get', 'point_count'], 20, 10, 26, 100, 32] } });
    if (!map.getLayer('ev-point'))
      map.addLayer({
        id: 'ev-point',
        type: 'circle',
        source: POINTS,
        filter: single,
        paint: { 'circle-color': tone, 'circle-radius': ['match', ['get', 'tone'], 'flagged', 9, 7], 'circle-stroke-color': o.colors.casing, 'circle-stroke-width': 2 },
      });
  };
  map.on('style.load', addLayers);
  if (map.isStyleLoaded()) addLayers();
  map.on('click', 'ev-point', (e) => {
    const id = e.features?.[0]?.properties.id;
    if (id) o.onPointClick?.(String(id));
  });
  map.on('mouseenter', 'ev-point', () => (map.getCanvas().style.cursor = 'pointer'));
  map.on('mouseleave', 'ev-point', () => (map.getCanvas().style.cursor = ''));

  // The clusters' counts as HTML markers, kept in step with what the source shows.
  const clusterMarkers = new Map<number, Marker>();
  const syncClusters = () => {
    if (!map.getSource(POINTS) || !map.getLayer('ev-clusters')) return;
    const seen = new Set<number>();
    for (const f of map.querySourceFeatures(POINTS, { filter: ['has', 'point_count'] }) as MapGeoJSONFeature[]) {
      const id = Number(f.properties.cluster_id);
      if (seen.has(id)) continue;
      seen.add(id);
      if (clusterMarkers.has(id)) continue;
      const count = Number(f.properties.point_count);
      const el = document.createElement('div');
      const size = count < 10 ? 30 : count < 100 ? 38 : 46;
      el.className = CLUSTER_MARKER;
      el.style.width = el.style.height = `${size}px`;
      el.textContent = String(count);
      el.title = o.texts.cluster(count);
      // The table below the map lists every point: the marker is for the eye and the pointer.
      el.setAttribute('aria-hidden', 'true');
      el.dataset.testid = 'map-cluster';
      el.dataset.count = String(count);
      el.addEventListener('click', () => {
        const source = map.getSource<GeoJSONSource>(POINTS);
        const [lng, lat] = (f.geometry as unknown as { coordinates: LngLat }).coordinates;
        void source?.getClusterExpansionZoom(id).then((zoom) => map.easeTo({ center: [lng, lat], zoom, duration: reducedMotion() ? 0 : 500 }));
      });
      clusterMarkers.set(id, new Marker({ element: el, anchor: 'center' }).setLngLat((f.geometry as unknown as { coordinates: LngLat }).coordinates).addTo(map));
    }
    for (const [id, marker] of clusterMarkers) {
      if (seen.has(id)) continue;
      marker.remove();
      clusterMarkers.delete(id);
    }
  };
  map.on('render', () => {
    if (map.isSourceLoaded(POINTS)) syncClusters();
  });
  map.on('idle', () => {
    syncClusters();
    const rendered = isStyleLoaded() && map.getLayer('ev-point') ? map.queryRenderedFeatures({ layers: ['ev-point'] }) : [];
    o.onIdle({ clusters: clusterMarkers.size, points: new Set(rendered.map((f) => String(f.properties.id))).size });
  });

  const fit = () => {
    const c = cameraFor(boundsOfPoints(points), o.center, o.zoom);
    if ('bounds' in c) map.fitBounds(c.bounds, { padding: fitPadding(o.container), maxZoom: c.maxZoom, duration: 0 });
    else map.jumpTo({ center: c.center, zoom: c.zoom });
  };
  let moved = false;
  map.on('movestart', (e) => {
    if (e.originalEvent) moved = true;
  });
  map.on('resize', () => {
    if (!moved) fit();
  });

  return {
    draw(nextPoints, nextTrail) {
      points = nextPoints;
      trail = nextTrail;
      for (const marker of clusterMarkers.values()) marker.remove();
      clusterMarkers.clear();
      if (isStyleLoaded()) addLayers();
      moved = false;
      fit();
    },
    focus(p) {
      moved = true;
      map.easeTo({ center: [p.longitude, p.latitude], zoom: Math.max(map.getZoom(), CLUSTER_MAX_ZOOM + 2), duration: reducedMotion() ? 0 : 600 });
    },
    destroy() {
      map.remove();
    },
  };
}
