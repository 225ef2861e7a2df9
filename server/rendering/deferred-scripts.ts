import { createHash } from 'node:crypto';
import { escapeHtml } from '#shared/text';

/** A page's scripts: the build's entry, and the other chunks the page runs before it hydrates (route-assets.ts). */
export interface PageScripts {
  entry: string;
  chunks: string[];
}

/**
 * The one inline script of every page (decision 024), at the end of its head: on a slow network
 * the browser paints what has arrived before the rest of the HTML has, and a tap on that must
 * already be held (decision 058). It does two things:
 *
 * - It runs the page's scripts once the browser has painted the server's HTML and the whole HTML
 *   is there (their list is at the end of the body): React's work never delays the first paint.
 *   The page has already asked for them (preloadHtml, decision 056), so on a slow phone they
 *   arrive right after the HTML rather than one round trip and 100 KB after the paint. A hidden
 *   page never paints, so it runs them at once; three seconds is the backstop.
 * - Until React has hydrated (it sets `data-hydrated` on <html>), a click on a control, Enter in
 *   a form's field and a form's submission are held and replayed once React is there, and the
 *   Alt+M / Alt+N shortcuts move focus themselves (React's Layout takes them over after). The load
 *   event no longer waits for the scripts, so people (and tools that act on the load event) can
 *   act first. Links are not held: the browser follows them on its own. Nor are native check
 *   boxes and radios: holding the click would undo the tick a visitor sees (no page shows one
 *   before a first action: the Check-Up's radios come after its start button).
 *
 * Plain ES2017, no build step: its exact text is what the CSP's hash allows.
 */
export const loaderSource = `(() => {
  const root = document.documentElement;
  const hydrated = () => root.dataset.hydrated === 'true';
  const controls = 'button,summary,[role=button],[role=checkbox],[role=radio],[role=switch],[role=tab],[role=menuitem],[role=option]';
  const typing = /^(text|email|password|search|tel|url|number)$/;
  const held = [];
  const heldTarget = (event) => {
    const target = event.target;
    if (event.type === 'submit') return target;
    if (event.type === 'click') return target instanceof Element && target.closest(controls);
    // Enter in a form's field sends the form; the browser would not while its button is disabled.
    const enter = event.key === 'Enter' && !event.isComposing && target instanceof HTMLInputElement && typing.test(target.type);
    return enter && target.form;
  };
  // Alt+M and Alt+N (docs/product.md's shortcuts) need nothing of React: done at once.
  const shortcut = (event) => {
    if (event.type !== 'keydown' || !event.altKey || event.ctrlKey || event.metaKey) return null;
    const key = event.key.toLowerCase();
    if (key === 'm' || event.code === 'KeyM') return document.getElementById('main-content');
    if (key === 'n' || event.code === 'KeyN') return document.getElementById('main-navigation');
    return null;
  };
  const hold = (event) => {
    if (hydrated()) return;
    const goal = shortcut(event);
    if (goal) {
      event.preventDefault();
      goal.focus();
      goal.scrollIntoView({ block: 'start' });
      return;
    }
    const target = heldTarget(event);
    if (!target) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(target);
  };
  const events = ['click', 'submit', 'keydown'];
  for (const type of events) addEventListener(type, hold, true);
  const nextTask = () => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });
  new MutationObserver(async (_records, observer) => {
    if (!hydrated()) return;
    observer.disconnect();
    for (const type of events) removeEventListener(type, hold, true);
    // A form is sent once, however often Enter or its button was pressed while waiting: its
    // answer takes longer than a task, so the form would still be there for a second send.
    const sent = new Set();
    for (const target of held) {
      // Each in a task of its own, as a person's clicks come: the page has answered the one
      // before (a control that went away or was hidden with it is not clicked).
      await nextTask();
      if (!target.isConnected || (target.checkVisibility && !target.checkVisibility())) continue;
      const form = target instanceof HTMLFormElement ? target : target.type === 'submit' ? target.form : null;
      if (form && sent.has(form)) continue;
      if (form) sent.add(form);
      if (target instanceof HTMLFormElement) target.requestSubmit();
      else target.click();
    }
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });

  let started = false;
  const load = () => {
    if (started) return;
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', load, { once: true });
      return;
    }
    started = true;
    // The chunks it imports were asked for with the page (preloadHtml): running the entry is enough.
    const { entry } = JSON.parse(document.getElementById('page-scripts').textContent);
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  const paints = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (!paints || document.visibilityState === 'hidden') {
    load();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
  addEventListener('visibilitychange', load, { once: true });
  setTimeout(load, 3000);
})();`;

/** The CSP source that allows the loader, and nothing else inline. */
export const loaderCspSource = `'sha256-${createHash('sha256').update(loaderSource).digest('base64')}'`;

const entryScript = /\s*<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>/;
const modulePreload = /\s*<link rel="modulepreload" crossorigin href="\/[^"]+\.js">/g;

/**
 * The built template without its entry script tag and the preloads of what the entry imports,
 * and the entry's address: the loader asks for them instead, after the first paint. A template
 * without an entry (no client build) is left as it is.
 */
export function takeEntryScript(template: string): { template: string; entry?: string } {
  const match = entryScript.exec(template);
  if (!match) return { template };
  return { template: template.replace(match[0], '').replace(modulePreload, ''), entry: match[1] };
}

/**
 * The page's scripts asked for as soon as the end of its HTML arrives (decision 056): the browser's
 * preload scanner sees these before the page is parsed or painted, so on a slow phone they download
 * right after the HTML instead of after the first paint, without competing with the HTML itself.
 * They are only fetched here; the loader still runs the entry after the first paint. At low
 * priority, which is what they are to the first paint (decision 092): a module preload is High,
 * the priority of a script that blocks rendering, and Lighthouse's model of a slow phone charged
 * them to the first paint (2.0-2.2 s there, 0.5-0.8 s measured on the phone).
 */
export function preloadHtml(scripts: PageScripts): string {
  return [scripts.entry, ...scripts.chunks]
    .map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(href)}">`)
    .join('\n    ');
}

/** What goes at the end of a page's body: the list of scripts the loader runs. */
export function scriptListHtml(scripts: PageScripts): string {
  // `<` escaped, so nothing in the list can end the element early.
  const list = JSON.stringify(scripts).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="page-scripts">${list}</script>`;
}

/** What goes at the end of a page's head: the loader. */
export const loaderHtml = `<script>${loaderSource}</script>`;
