/**
 * The flat MapLibre map both maps draw on (the itinerary's route, the management's points): no
 * rotation or tilt to get lost in, the zoom buttons, the credits when the style has sources with
 * credits (MapTiler's, which its terms require), the camera fitted to what is drawn, and the plain
 * background when the street style fails to load. Imported only by the maps' own MapLibre modules
 * (a chunk of its own).
 */
import { AttributionControl, Map as MapLibreMap, NavigationControl, type LngLatBoundsLike, type StyleSpecification } from 'maplibre-gl';
import './maplibre-setup';
import { fitPadding } from './map-theme';
import { cameraFor } from './route-geometry';

export interface FlatMapTexts {
  canvas: string;
  zoomIn: string;
  zoomOut: string;
  resetBearing: string;
  attribution: string;
}

export interface FlatMapOptions {
  container: HTMLElement;
  /** The street style's URL (a maps token), or the plain background's own style. */
  style: string | StyleSpecification;
  fallbackStyle: StyleSpecification;
  /** The company's centre: the camera when nothing is located. */
  center: { latitude: number; longitude: number };
  zoom: number;
  texts: FlatMapTexts;
  /** The street style failed to load: the plain background took its place. */
  onBaseFailed(): void;
}

/** The map, fitted to `bounds` (none: the company's centre and zoom); `markStyleLoaded()` when a style has loaded (errors after it leave the map as it is). */
export function flatMap(o: FlatMapOptions, bounds: Parameters<typeof cameraFor>[0]): { map: MapLibreMap; markStyleLoaded(): void; isStyleLoaded(): boolean } {
  const camera = cameraFor(bounds, o.center, o.zoom);
  const map = new MapLibreMap({
    container: o.container,
    style: o.style,
    ...('bounds' in camera ? { bounds: camera.bounds as LngLatBoundsLike, fitBoundsOptions: { padding: fitPadding(o.container), maxZoom: camera.maxZoom } } : { center: camera.center, zoom: camera.zoom }),
    attributionControl: false,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    locale: {
      'Map.Title': o.texts.canvas,
      'NavigationControl.ZoomIn': o.texts.zoomIn,
      'NavigationControl.ZoomOut': o.texts.zoomOut,
      'NavigationControl.ResetBearing': o.texts.resetBearing,
      'AttributionControl.ToggleAttribution': o.texts.attribution,
    },
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.addControl(new AttributionControl({ compact: true }), 'bottom-right');

  let remote = typeof o.style === 'string';
  let loaded = false;
  map.on('error', () => {
    // An error before the style loaded is the style itself failing (offline, a refused token):
    // fall back to the plain background. Later errors (a missing tile) leave the map as it is.
    if (!remote || loaded) return;
    remote = false;
    map.setStyle(o.fallbackStyle, { diff: false });
    o.onBaseFailed();
  });
  return {
    map,
    markStyleLoaded: () => {
      loaded = true;
    },
    isStyleLoaded: () => loaded,
  };
}
