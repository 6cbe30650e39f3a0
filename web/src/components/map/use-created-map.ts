import { useEffect, useRef, useState } from 'react';

/** Where a map view stands: its module loading, drawn, no WebGL on this device, or its module failed to load. */
export type MapState = 'loading' | 'ready' | 'no-webgl' | 'failed';

/** What the map's callbacks are given: whether the view still shows this map, and the way to say it is drawn. */
export interface MapView {
  alive(): boolean;
  ready(): void;
}

/**
 * A MapLibre map made in the view's box once its module has loaded (a chunk of its own), made again
 * for another base map (the maps token, the colour scheme) or language, and destroyed with the view
 * (the route map and the points map). No WebGL on the device (MapLibre throws
 * GPUInitializationError) is a state, not a crash, and so is the module failing to load. `create`
 * and `load` are read when the map is made, not as dependencies.
 */
export function useCreatedMap<Module, M extends { destroy(): void }>(
  load: () => Promise<Module>,
  create: (module: Module, container: HTMLDivElement, view: MapView) => M,
  base: { token: string | null | undefined; scheme: string; language: string },
) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<M | null>(null);
  const [state, setState] = useState<MapState>('loading');
  const make = useRef({ load, create });
  useEffect(() => {
    make.current = { load, create };
  });
  const { token, scheme, language } = base;
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    const view: MapView = { alive: () => !cancelled, ready: () => !cancelled && setState('ready') };
    make.current.load().then(
      (module) => {
        if (cancelled) return;
        try {
          mapRef.current = make.current.create(module, container, view);
        } catch {
          container.replaceChildren();
          setState('no-webgl');
        }
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      mapRef.current?.destroy();
      mapRef.current = null;
    };
  }, [token, scheme, language]);
  return { containerRef, mapRef, state };
}
