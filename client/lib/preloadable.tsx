import { type ComponentType, lazy, useState } from 'react';

export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Loads the code; once it has loaded, the component renders at once, without suspending. */
  preload(): Promise<ComponentType<P>>;
}

/**
 * A component whose code is its own chunk, like React.lazy, but which renders synchronously
 * once `preload()` has finished. React.lazy suspends on its first render even when the chunk
 * is already there, and a part that suspends while the browser hydrates makes React drop the
 * server's HTML there for a fallback. The server preloads before rendering and the browser
 * before hydrating (client/app/routes.tsx), so both render the real thing at once.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed chunk download may succeed next time.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));

  function Component(props: P) {
    // Chosen once per mount: switching component types later would reset the state inside.
    const [Inner] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Inner {...props} />;
  }
  return { Component, preload };
}
