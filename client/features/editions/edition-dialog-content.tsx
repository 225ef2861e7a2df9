import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { demoteHeadings } from './edition-html';
import { calendarDate } from '#shared/site-time';
import type { PublicEdition } from '#shared/newsletter/editions';

/**
 * The open dialog of an edition (edition-dialog.tsx opens it): Radix traps focus inside and closes
 * on Escape or the close button; focus then goes back to the button that opened it.
 */
export function EditionDialogContent({
  edition,
  onClose,
  opener,
}: {
  edition: PublicEdition;
  onClose: () => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-900/60" />
        <Dialog.Content
          className="fixed inset-x-3 top-[5vh] z-50 mx-auto flex max-h-[90vh] max-w-2xl flex-col rounded-xl bg-white shadow-2xl outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-stone-200 p-5 sm:px-8">
            <div>
              <Dialog.Description className="text-sm font-semibold uppercase tracking-wide text-brand-700">
                The Weekly Dish{edition.issueNumber ? ` · Issue ${edition.issueNumber}` : ''} ·{' '}
                <time dateTime={edition.sentAt}>{calendarDate(edition.sentOn)}</time>
              </Dialog.Description>
              <Dialog.Title className="mt-1 font-serif text-2xl font-bold text-stone-900">{edition.title}</Dialog.Title>
            </div>
            <Dialog.Close className="rounded-md p-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {/* Focusable so keyboard users can scroll a long edition. */}
          <div
            tabIndex={0}
            className="prose-content overflow-y-auto px-5 pb-8 sm:px-8"
            aria-label={`${edition.title}, full edition`}
            role="region"
            dangerouslySetInnerHTML={{ __html: demoteHeadings(edition.html) }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
