import { useEffect } from 'react';

/**
 * Says the page has become interactive (`data-hydrated` on <html>), for the script loader (it
 * replays what was clicked before), tests and measuring tools. It is rendered inside the page's
 * Suspense boundary, and by the error boundary's message: React hydrates that boundary in a pass
 * after the frame's, and the page's own controls answer only then.
 */
export function PageHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
