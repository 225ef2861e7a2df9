import { Menu, Search, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../components/link';
import { SEARCH_LIMITS, SEARCH_PAGE_INPUT, searchPath } from '#shared/search/search';
import { site } from '#shared/site';
import { buttonClasses } from '../components/ui/button-classes';
import { useUser } from '../features/auth/use-user';
import { clsx } from 'clsx';

export const mainLinks = [
  { to: '/start-here', label: 'Start Here' },
  { to: '/free-resources', label: 'Free Resources' },
  { to: '/premium', label: 'Premium' },
  { to: '/contact', label: 'Contact' },
] as const;

const linkClass = (isActive: boolean) =>
  clsx(
    'whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors xl:px-3',
    isActive ? 'bg-brand-50 text-brand-800 underline decoration-2 underline-offset-8' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
  );

/** A main link is the current page's on its own path and the paths under it (as React Router's NavLink judged it). */
const isCurrent = (pathname: string, to: string) => {
  const path = pathname.toLowerCase();
  return path === to || path.startsWith(`${to}/`);
};

/** One of the main links, marked as the current page's (`aria-current`) where it is. */
function MainLink({ to, label, pathname, className }: { to: string; label: string; pathname: string; className?: string }) {
  const current = isCurrent(pathname, to);
  return (
    <Link to={to} className={clsx(linkClass(current), className)} aria-current={current ? 'page' : undefined}>
      {label}
    </Link>
  );
}

// Only signed-in members need it: visitors' pages do not load the sign-out code.
const SignOutButton = lazy(() => import('./sign-out-button').then((module) => ({ default: module.SignOutButton })));

const HEADER_SEARCH_INPUT = 'site-search';
/** The box of the search row that opens under the bar: below 1280 px, and for members at every width. */
const NARROW_SEARCH_INPUT = 'site-search-narrow';

/** Whether a key press is someone typing (in a field, an editor or a menu): "/" is theirs then. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || Boolean(target.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]')));

/**
 * The site's search box: a plain GET form to /search, so it works before and without
 * JavaScript; with it, the search opens without a page load.
 */
function SearchBox({ id, className, onEscape }: { id: string; className?: string; onEscape?: () => void }) {
  const navigate = useNavigate();
  return (
    <form
      role="search"
      aria-label="Site"
      action="/search"
      method="get"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
        if (q) void navigate(searchPath(q));
        else document.getElementById(id)?.focus();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search the site
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-stone-500" aria-hidden="true" />
        <input
          id={id}
          name="q"
          type="search"
          maxLength={SEARCH_LIMITS.query}
          autoComplete="off"
          placeholder="Search"
          aria-keyshortcuts="/"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onEscape) onEscape();
          }}
          className="h-9 w-full rounded-md border border-stone-300 bg-white pl-8 pr-2 text-sm text-stone-900 placeholder:text-stone-500 focus:border-brand-600"
        />
      </div>
    </form>
  );
}

/**
 * "/" focuses the search from anywhere but a field: the header's box, or below its width the
 * search page's own, or the header's search row, opened for it.
 */
function useSlashToSearch(openNarrow: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typing(event.target)) return;
      const visible = [HEADER_SEARCH_INPUT, SEARCH_PAGE_INPUT, NARROW_SEARCH_INPUT]
        .map((id) => document.getElementById(id))
        .find((field): field is HTMLElement => Boolean(field && field.offsetParent !== null));
      event.preventDefault();
      if (visible) visible.focus();
      else openNarrow();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openNarrow]);
}

/**
 * The global navigation (docs/product.md §2): main links, the search box, Login or Dashboard, and
 * a menu toggle below 768 px; for signed-in people below 1024 px.
 */
export function Header() {
  const { user, isLoading } = useUser();
  const { pathname } = useLocation();
  // Below 1280 px the search is a row under the bar, opened by its button (a link to /search
  // before the scripts run), for the page it was opened on.
  const [searchOn, setSearchOn] = useState<string | null>(null);
  const searching = searchOn === pathname;
  const searchToggleRef = useRef<HTMLAnchorElement>(null);
  const openNarrow = useCallback(() => setSearchOn(window.location.pathname), []);
  // The box sits in the bar from 1280 px for visitors; a member's three buttons leave no room for
  // it within the page's width, so members always have the button and its row (the server draws
  // a member's header as pending, so the bar does not change when the page learns who it is).
  const inlineSearch = !user && !isLoading;
  // A signed-in person's three account actions and the four links do not fit in one row below
  // 1024 px (docs/product.md §2): there they go into the menu with the links. A member whose account is
  // still loading is drawn the same way, so the row does not change when the page learns who it is.
  const signedIn = !inlineSearch;
  useSlashToSearch(openNarrow);
  useEffect(() => {
    if (searching) document.getElementById(NARROW_SEARCH_INPUT)?.focus();
  }, [searching]);
  // The menu remembers the page it was opened on, so following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  // An open menu closes on Escape and on a click or tap outside the header, giving focus back to its toggle.
  useEffect(() => {
    if (!open) return;
    const close = () => {
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    // On click, after the browser has moved focus: a click on a field or link keeps its focus there.
    const onClick = (event: MouseEvent) => {
      // The path as it was when clicked: the toggle's icon the click landed on is gone by now.
      if (headerRef.current && event.composedPath().includes(headerRef.current)) return;
      setOpenOn(null);
      if (!document.activeElement?.matches('a[href], button, input, select, textarea, [contenteditable="true"]')) toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  const account = user ? (
    <div className="flex flex-wrap items-center gap-2">
      <Link to="/" className={buttonClasses('primary', 'sm')}>
        Dashboard
      </Link>
      <Link to="/account" className={buttonClasses('outline', 'sm')}>
        Account
      </Link>
      <Suspense fallback={null}>
        <SignOutButton />
      </Suspense>
    </div>
  ) : isLoading ? (
    // A member whose account is still loading (or could not be loaded yet) is not offered Login.
    <span className="inline-block h-9 w-16" aria-hidden="true" />
  ) : (
    <Link to="/auth" className={buttonClasses('primary', 'sm')}>
      Login
    </Link>
  );

  return (
    <header id="site-header" ref={headerRef} className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav id="main-navigation" tabIndex={-1} aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 outline-none lg:gap-4">
        <Link to="/" className="mr-auto flex items-center gap-2 font-serif text-lg font-bold text-brand-800 sm:shrink-0 sm:whitespace-nowrap">
          {/* The site's mark (the drawing of /favicon.svg) drawn in the page, not fetched as an image: the browser builds an
              SVG image as a document of its own, 22 ms of a throttled phone's main thread before the first paint, and a request. */}
          <svg viewBox="0 0 64 64" width="28" height="28" className="shrink-0" aria-hidden="true" focusable="false">
            <rect width="64" height="64" rx="14" fill="#0f5e56" />
            <path d="M18 46V18h6l16 18V18h6v28h-6L24 28v18z" fill="#fff" />
          </svg>
          {site.name}
        </Link>
        {inlineSearch && <SearchBox id={HEADER_SEARCH_INPUT} className="hidden w-56 xl:block" />}
        <ul className={clsx('hidden items-center gap-1', signedIn ? 'lg:flex' : 'md:flex')}>
          {mainLinks.map((link) => (
            <li key={link.to}>
              <MainLink {...link} pathname={pathname} />
            </li>
          ))}
          <li className="ml-2">{account}</li>
        </ul>
        <Link
          ref={searchToggleRef}
          to="/search"
          aria-label={searching ? 'Close search' : 'Search'}
          aria-expanded={searching}
          aria-controls="header-search-row"
          className={clsx('rounded-md p-2 text-stone-700 hover:bg-stone-100', inlineSearch && 'xl:hidden')}
          onClick={(event) => {
            event.preventDefault();
            setSearchOn(searching ? null : pathname);
          }}
        >
          {searching ? <X className="h-6 w-6" aria-hidden="true" /> : <Search className="h-6 w-6" aria-hidden="true" />}
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className={clsx('rounded-md p-2 text-stone-700 hover:bg-stone-100', signedIn ? 'lg:hidden' : 'md:hidden')}
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </button>
      </nav>
      {searching && (
        <div id="header-search-row" className={clsx('border-t border-stone-200 bg-white px-4 py-2', inlineSearch && 'xl:hidden')}>
          <SearchBox
            id={NARROW_SEARCH_INPUT}
            onEscape={() => {
              setSearchOn(null);
              searchToggleRef.current?.focus();
            }}
          />
        </div>
      )}
      {open && (
        <ul id="mobile-menu" className={clsx('grid gap-1 border-t border-stone-200 bg-white px-4 py-3', signedIn ? 'lg:hidden' : 'md:hidden')}>
          {mainLinks.map((link) => (
            <li key={link.to}>
              <MainLink {...link} pathname={pathname} className="block" />
            </li>
          ))}
          <li className="pt-2">{account}</li>
        </ul>
      )}
    </header>
  );
}
