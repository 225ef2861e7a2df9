import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { matchRoute, notFoundMeta, pageTitle } from '#shared/routes';
import { track } from '../lib/track';

function setMeta(selector: string, attribute: 'content' | 'href', value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * Keeps the head tags the server wrote in step with client-side navigation, records a page view
 * for each new path, and moves focus to the new page's main content so screen readers follow.
 */
export function useRouteHead(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const route = matchRoute(pathname);
    const meta = route ?? notFoundMeta;
    const title = pageTitle(meta, route ? pathname : '/404');
    const url = `${location.origin}${pathname}`;
    document.title = title;
    setMeta('meta[name="description"]', 'content', meta.description);
    setMeta('link[rel="canonical"]', 'href', url);
    setMeta('meta[property="og:title"]', 'content', title);
    setMeta('meta[property="og:description"]', 'content', meta.description);
    setMeta('meta[property="og:url"]', 'content', url);
    setMeta('meta[name="twitter:title"]', 'content', title);
    setMeta('meta[name="twitter:description"]', 'content', meta.description);
    track('page_view');
  }, [pathname]);
}
