import { type ButtonHTMLAttributes, cloneElement, type ReactElement, Suspense, useRef, useState } from 'react';
import type { PublicEdition } from '#shared/newsletter/editions';
import { preloadable } from '../../lib/preloadable';

// Radix's dialog (about 14 KB) comes when a visitor reaches for an edition: the page shows none
// open, so its first load does without it.
const Content = preloadable(() => import('./edition-dialog-content').then((module) => module.EditionDialogContent));
const preload = () => void Content.preload().catch(() => {});

/**
 * An edition read in full in a modal dialog (docs/product.md (Decisions)). The trigger is a plain
 * <button> element: it takes the ref focus returns to when the dialog closes.
 */
export function EditionDialog({ edition, trigger }: { edition: PublicEdition; trigger: ReactElement<ButtonHTMLAttributes<HTMLButtonElement>, 'button'> }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      {cloneElement(trigger, {
        ref: opener,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        onPointerEnter: preload,
        onFocus: preload,
        onClick: () => setOpen(true),
      } as ButtonHTMLAttributes<HTMLButtonElement>)}
      {open && (
        <Suspense fallback={null}>
          <Content.Component edition={edition} onClose={() => setOpen(false)} opener={opener} />
        </Suspense>
      )}
    </>
  );
}
