/**
 * The MapLibre side of the route map. Only `route-map-view.tsx` imports this module, and only by a
 * dynamic import, so MapLibre (its code, its worker and its CSS) is a chunk of its own, downloaded
 * the first time a route map opens.
 */
import { Marker, type GeoJSONSource, type StyleSpecification } from 'maplibre-gl';
import { flatMap } from './flat-map';
import { cn } from '@/lib/cn';
import { fitPadding, reducedMotion } from './map-theme';
import type { MapStop } from './stop';
import { TONE_CLASS, toneOf, type Tone } from './marker-tone';
import { cameraFor, routeFeature, type RoutePlan } from './route-geometry';

export interface RouteMapTexts {
  canvas: string;
  zoomIn: string;
  zoomOut: string;
  resetBearing: string;
  attribution: string;
  start: string;
  /** A stop's marker label: "1. Padaria Norte". */
  stop(stop: MapStop): string;
}

export interface RouteMapOptions {
  container: HTMLElement;
  /** The base map: a style URL (MapTiler) or a style object (the plain background). */
  style: string | StyleSpecification;
  /** What replaces a style URL that fails to load (offline, a wrong token). */
  fallbackStyle: StyleSpecification;
  plan: RoutePlan;
  /** The company's centre and zoom: the camera when nothing is located, the closest fit otherwise. */
  center: { latitude: number; longitude: number };
  zoom: number;
  /** The route line's colour and the casing around it (CSS colours MapLibre parses: hex or rgb()). */
  colors: { route: string; casing: string };
  texts: RouteMapTexts;
  /** The style URL failed and the plain background took its place. */
  onBaseFailed(): void;
  /** The map finished drawing (MapLibre's `idle`). */
  onIdle(): void;
}

export interface RouteMap {
  /** Redraws the markers and the line for another plan and fits the camera to it. */
  draw(plan: RoutePlan): void;
  /** Moves the camera to a stop and highlights its marker for a moment. */
  focus(stopId: string): void;
  destroy(): void;
}

const SOURCE = 'ev-route';
const LINE = 'ev-route-line';
const CASING = 'ev-route-casing';


const MARKER =
  'flex size-7 cursor-default select-none items-center justify-center rounded-full border-2 text-xs font-bold tabular-nums shadow-md transition-shadow data-[highlight=true]:ring-4 data-[highlight=true]:ring-ring';
// Tabler's "flag" icon, drawn inline: the map loads no image or font from anywhere.
const FLAG_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2.25" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M5 5a5 5 0 0 1 7 0a5 5 0 0 0 7 0v9a5 5 0 0 1 -7 0a5 5 0 0 0 -7 0v-9z"/><path d="M5 21v-7"/></svg>';

function markerElement(tone: Tone, label: string): HTMLDivElement {
  const el = document.createElement('div');
  el.className = cn(MARKER, TONE_CLASS[tone], tone === 'start' && 'rounded-md');
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', label);
  el.title = label;
  el.dataset.tone = tone;
  return el;
}


/**
 * Creates the map in `container`: the base style, the route line (a GeoJSON source and two line
 * layers, re-added whenever a style loads), numbered HTML markers (no glyphs needed) and the camera
 * fitted to what is drawn. Throws when WebGL is unavailable (MapLibre's GPUInitializationError).
 */
export function createRouteMap(o: RouteMapOptions): RouteMap {
  let plan = o.plan;
  const { map, markStyleLoaded, isStyleLoaded } = flatMap(o, plan.bounds);

  const addRoute = () => {
    markStyleLoaded();
    const data = routeFeature(plan.line);
    const source = map.getSource<GeoJSONSource>(SOURCE);
    if (source) source.setData(data);
    else map.addSource(SOURCE, { type: 'geojson', data });
    const layout = { 'line-join': 'round', 'line-cap': 'round' } as const;
    if (!map.getLayer(CASING)) map.addLayer({ id: CASING, type: 'line', source: SOURCE, layout, paint: { 'line-color': o.colors.casing, 'line-width': 8 } });
    if (!map.getLayer(LINE)) map.addLayer({ id: LINE, type: 'line', source: SOURCE, layout, paint: { 'line-color': o.colors.route, 'line-width': 4 } });
  };
  map.on('style.load', addRoute);
  if (map.isStyleLoaded()) addRoute();
  map.on('idle', () => o.onIdle());

  const markers = new Map<string, { marker: Marker; el: HTMLDivElement }>();
  let startMarker: Marker | null = null;
  const drawMarkers = () => {
    startMarker?.remove();
    startMarker = null;
    for (const { marker } of markers.values()) marker.remove();
    markers.clear();
    if (plan.start) {
      const el = markerElement('start', o.texts.start);
      el.innerHTML = FLAG_SVG;
      startMarker = new Marker({ element: el, anchor: 'center' }).setLngLat(plan.start).addTo(map);
    }
    for (const { stop, lngLat } of plan.markers) {
      const el = markerElement(toneOf(stop), o.texts.stop(stop));
      el.textContent = String(stop.position);
      el.dataset.stopId = stop.id;
      markers.set(stop.id, { marker: new Marker({ element: el, anchor: 'center' }).setLngLat(lngLat).addTo(map), el });
    }
  };
  drawMarkers();

  const fit = () => {
    const camera = cameraFor(plan.bounds, o.center, o.zoom);
    if ('bounds' in camera) map.fitBounds(camera.bounds, { padding: fitPadding(o.container), maxZoom: camera.maxZoom, duration: 0 });
    else map.jumpTo({ center: camera.center, zoom: camera.zoom });
  };
  // Until the user moves the map, a new size (the phone turned, the window resized) fits the route again.
  let moved = false;
  map.on('movestart', (e) => {
    if (e.originalEvent) moved = true;
  });
  map.on('resize', () => {
    if (!moved) fit();
  });

  let highlight: { el: HTMLElement; timer: number } | null = null;
  return {
    draw(next) {
      plan = next;
      drawMarkers();
      if (isStyleLoaded()) addRoute();
      fit();
    },
    focus(stopId) {
      const found = markers.get(stopId);
      if (!found) return;
      moved = true;
      map.easeTo({ center: found.marker.getLngLat(), zoom: Math.max(map.getZoom(), Math.min(o.zoom, 17)), duration: reducedMotion() ? 0 : 600 });
      if (highlight) {
        window.clearTimeout(highlight.timer);
        highlight.el.dataset.highlight = 'false';
      }
      found.el.dataset.highlight = 'true';
      highlight = { el: found.el, timer: window.setTimeout(() => (found.el.dataset.highlight = 'false'), 1600) };
    },
    destroy() {
      if (highlight) window.clearTimeout(highlight.timer);
      map.remove();
    },
  };
}
