import { ChevronDown, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { track } from '../../lib/track';
import type { Resource } from './library';

/**
 * One resource: title and summary, expanding (disclosure pattern) to the full body and its source
 * link. `startOpen`: a link to this resource (/resources?open=<id>), and the admin's preview of it.
 */
export function ResourceCard({ resource, startOpen = false }: { resource: Resource; startOpen?: boolean }) {
  const [open, setOpen] = useState(startOpen);
  const bodyId = `resource-${resource.id}-body`;
  const card = useRef<HTMLLIElement>(null);
  // A link to one resource shows it, wherever it is in the list, and gives its button the focus.
  useEffect(() => {
    if (!startOpen) return;
    card.current?.scrollIntoView({ block: 'start' });
    card.current?.querySelector('button')?.focus({ preventScroll: true });
  }, [startOpen]);

  const toggle = () => {
    if (!open) track('resource_view', { id: resource.id });
    setOpen(!open);
  };

  return (
    <li ref={card} className="scroll-mt-24 rounded-xl border border-stone-200 bg-white shadow-sm" data-resource-id={resource.id}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={toggle}
          className="group flex w-full items-start justify-between gap-4 rounded-xl p-5 text-left"
        >
          <span>
            <span className="block text-xs font-semibold uppercase tracking-wide text-accent-700">{resource.format}</span>
            <span className="mt-1 block font-serif text-lg font-semibold text-stone-900 group-hover:text-brand-800 group-hover:underline">
              {resource.title}
            </span>
          </span>
          <ChevronDown className={`mt-1 h-5 w-5 shrink-0 text-stone-600 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </button>
      </h3>
      <p className="-mt-2 px-5 pb-5 text-stone-700">{resource.summary}</p>
      <div id={bodyId} hidden={!open} className="border-t border-stone-200 px-5 pb-5">
        {open && (
          <>
            {/* Safe: rendered by the server's one Markdown pipeline, which makes raw HTML and unsafe links inert. */}
            <div className="prose-content" dangerouslySetInnerHTML={{ __html: resource.html }} />
            {resource.url && (
              <a
                href={resource.url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-2 inline-flex items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                More from {resource.source ?? new URL(resource.url).hostname}
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </>
        )}
      </div>
    </li>
  );
}
