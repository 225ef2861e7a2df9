import { type ComponentType, useEffect, useState } from 'react';
import type { Preloadable } from './preloadable';

/**
 * A part of the page's frame whose code comes in its own chunk when first needed (the toasts, the
 * alert that the account could not be loaded): its component once loaded, asked for while
 * `wanted`. Unlike React.lazy, a download that fails throws nothing: these parts are needed most
 * when the network drops, and a throw there took the whole page, and what was typed in it, down
 * to a blank screen. `failed` says the code could not be fetched; it is asked for again when
 * `retry` changes (the next toast, the next try).
 */
export function useShellPart<P extends object>(part: Preloadable<P>, wanted: boolean, retry: unknown): { Loaded: ComponentType<P> | null; failed: boolean } {
  const [state, setState] = useState<{ Loaded: ComponentType<P> | null; failed: boolean }>({ Loaded: null, failed: false });
  useEffect(() => {
    if (!wanted || state.Loaded) return;
    let current = true;
    part.preload().then(
      (Loaded) => current && setState({ Loaded, failed: false }),
      () => current && setState({ Loaded: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [part, wanted, retry, state.Loaded]);
  return state;
}
