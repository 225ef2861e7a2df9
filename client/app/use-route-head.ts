import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { PageHead } from '#shared/head';
import { useSiteConfig } from '../features/site/use-site-config';
import { useHeadContentFor } from './page-head-content';
import { resetErrorBudget } from '../lib/report-error';
import { track } from '../lib/track';

/** Brings the document's head to `head`, the same tags the server wrote for that page. */
function applyHead(head: PageHead): void {
  document.title = head.title;
  for (const tag of head.tags) {
    let element = document.head.querySelector(`${tag.element}[${tag.key}="${tag.id}"]`);
    if (!element) {
      element = document.createElement(tag.element);
      element.setAttribute(tag.key, tag.id);
      document.head.append(element);
    }
    element.setAttribute(tag.attribute, tag.value);
  }
}

/**
 * Keeps the head tags in step with client-side navigation (built by the same function as the
 * server's, from the site's public URL), and records a page view for each new path.
 */
export function useRouteHead(): void {
  const { pathname } = useLocation();
  const publicUrl = useSiteConfig()?.publicUrl;
  const content = useHeadContentFor(pathname);
  const { title, description, noindex } = content ?? {};

  // The first page's head is the server's: the route table's titles and descriptions (a chunk of
  // their own) are loaded at the first navigation, so a visit's first scripts stay small.
  const firstPath = useRef(pathname);
  const navigated = useRef(false);
  useEffect(() => {
    if (pathname !== firstPath.current) navigated.current = true;
    if (publicUrl === undefined || !navigated.current) return;
    let current = true;
    void import('#shared/head').then(({ pageHead }) => {
      if (current) applyHead(pageHead(pathname, publicUrl, title !== undefined ? { title, description: description ?? '', noindex } : undefined));
    });
    return () => {
      current = false;
    };
  }, [pathname, publicUrl, title, description, noindex]);

  useEffect(() => {
    resetErrorBudget();
    // In a task of its own, after the page's: a request costs a slow phone's main thread 10-30 ms,
    // which on the first page would come before the page answers a tap.
    setTimeout(() => track('page_view', undefined, pathname), 0);
  }, [pathname]);
}
