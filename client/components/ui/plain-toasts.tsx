import { X } from 'lucide-react';
import { dismissToast, type ToastItem } from './use-toast';

/**
 * The toasts said without Radix's code, when that code could not be fetched (the network
 * dropped): the same words, over the header on a phone (clear of the form just sent) and at the
 * foot of a wider screen, closed by their button.
 */
export function PlainToasts({ toasts }: { toasts: ToastItem[] }) {
  const shown = toasts.filter((t) => t.open);
  return (
    <ol aria-label="Notifications" className="fixed inset-x-0 top-0 z-[100] m-0 grid list-none gap-2 p-4 sm:top-auto sm:bottom-0 sm:left-auto sm:w-[420px]">
      {shown.map((t) => (
        <li
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          className={`relative rounded-lg border p-4 pr-10 shadow-lg ${t.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900'}`}
        >
          <p className="text-sm font-semibold">{t.title}</p>
          {t.description && <p className="text-sm opacity-90">{t.description}</p>}
          <button
            type="button"
            aria-label="Close"
            onClick={() => dismissToast(t.id)}
            className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ol>
  );
}
