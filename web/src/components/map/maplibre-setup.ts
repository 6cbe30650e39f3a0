/**
 * MapLibre's CSS and worker, set once for every map of the app. Imported only by the MapLibre side
 * of a map (`route-map.ts`, `points-map.ts`), which the views load by a dynamic import, so MapLibre
 * stays a chunk of its own.
 */
import { setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// MapLibre 6 ships its worker as a separate module; the bundler emits it as a file of the app (so the
// service worker precaches it and the map works offline) and MapLibre is told where it is.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';

setWorkerUrl(workerUrl);
