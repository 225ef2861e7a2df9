import { PartyPopper } from 'lucide-react';

export const CELEBRATION_MS = 3000;

/**
 * The celebratory overlay shown for 3 seconds after the last answer (docs/product.md §9). It is a
 * status message, not a dialog: it takes no focus and the page removes it on its own.
 * Animations run only for people who have not asked for reduced motion.
 */
export function Celebration() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-brand-800 p-6">
      <div role="status" aria-live="assertive" className="max-w-md text-center text-white">
        <PartyPopper className="mx-auto h-16 w-16 motion-safe:animate-bounce" aria-hidden="true" />
        <p className="mt-6 font-serif text-3xl font-bold">You did it!</p>
        <p className="mt-3 text-lg text-brand-50">All 20 answers are in. Adding up your results across the five pillars…</p>
      </div>
    </div>
  );
}
