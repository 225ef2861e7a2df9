import { clsx } from 'clsx';
import { Link } from '../../components/link';
import { textLinkClass } from '../../components/ui/text-link';

/** What helps with an action, from the library: a field guide section, resources, Allies, recordings. Site paths stay in the app. */
export function LibraryLinks({ links, className }: { links: ReadonlyArray<{ label: string; href: string }>; className?: string }) {
  if (links.length === 0) return null;
  return (
    <ul className={clsx('flex flex-wrap gap-x-4 gap-y-1 text-sm', className)} aria-label="What helps">
      {links.map((link) => (
        <li key={`${link.href} ${link.label}`}>
          {link.href.startsWith('/') ? (
            <Link to={link.href} className={textLinkClass}>
              {link.label}
            </Link>
          ) : (
            <a href={link.href} className={textLinkClass} target="_blank" rel="noreferrer">
              {link.label}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
