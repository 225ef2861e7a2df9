import { type AnchorHTMLAttributes, forwardRef, type MouseEvent, useContext } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this site ("/pricing", "/search?q=board"), or another site's address. */
  to: string;
  /** Replace the current history entry instead of adding one (a link to the page you are on always replaces). */
  replace?: boolean;
  /** History state handed to the page it opens (`useLocation().state`). */
  state?: unknown;
}

const otherSite = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * A link that opens a page of this site without reloading, through React Router's history: what
 * React Router's own `<Link>` does for the links we write, without its resolving of relative
 * routes, prefetching and view transitions. Each of its `<Link>`s runs about ten hooks as a page
 * hydrates, and a page has 25 to 35 links: on a slow phone that was 40-50 ms of the main thread
 * before the page answered. This one reads the router's history from context, and does the work
 * when it is clicked.
 *
 * Like React Router's: a click with a modifier key, another button, a `target` other than the
 * page's own or an already handled click is left to the browser, as is a link to another site.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, onClick, target, ...rest }, ref) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || otherSite.test(to)) return;
    event.preventDefault();
    const url = new URL(to, window.location.href);
    const path = `${url.pathname}${url.search}${url.hash}`;
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (replace ?? path === here) navigator.replace(path, state);
    else navigator.push(path, state);
  };
  return <a {...rest} ref={ref} href={to} target={target} onClick={follow} />;
});
