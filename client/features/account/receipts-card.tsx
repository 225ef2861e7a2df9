import { Link } from '../../components/link';
import { formatDollars } from '#shared/pricing';
import { Card } from '../../components/ui/card';
import { useReceipts } from '../membership/use-membership';
import { useSiteDates } from '../site/use-site-dates';

/** /account's receipt history: every charge, newest first, each with a printable receipt. */
export function ReceiptsCard() {
  const receiptDate = useSiteDates().long;
  const receipts = useReceipts();
  const list = receipts.data?.receipts ?? [];
  return (
    <Card aria-busy={receipts.isLoading}>
      <h2 className="font-serif text-xl font-bold text-stone-900">Receipts</h2>
      {receipts.isLoading ? (
        <p className="mt-3 text-stone-700">Loading your receipts…</p>
      ) : receipts.isError ? (
        <p className="mt-3 text-red-800" role="alert">
          Your receipts could not be loaded. Please reload the page.
        </p>
      ) : list.length === 0 ? (
        <p className="mt-3 text-stone-700">No charges yet: receipts appear here after each payment.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200" aria-label="Receipts">
          {list.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span>
                <span className="font-semibold text-stone-900">{receiptDate(r.paidAt)}</span>
                <span className="text-stone-700">
                  {' '}
                  · {r.description} · {formatDollars(r.amountCents)}
                  {r.offer ? ` · ${r.offer.label}` : ''}
                  {r.refundedAt ? ' · Refunded' : ''}
                </span>
              </span>
              <Link
                to={`/account/receipts/${encodeURIComponent(r.id)}`}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                View receipt<span className="sr-only"> of {receiptDate(r.paidAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
