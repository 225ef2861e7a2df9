import { Printer } from 'lucide-react';
import { useParams } from 'react-router';
import { Link } from '../components/link';
import { formatDollars } from '#shared/pricing';
import { PageLoading } from '../components/page-loading';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useSiteDates } from '../features/site/use-site-dates';
import { useReceipt } from '../features/membership/use-membership';
import { useUser } from '../features/auth/use-user';
import { SignInRequired } from '../features/auth/sign-in-required';

/** /account/receipts/:id: one charge as a receipt a member can print or save as PDF. */
export default function ReceiptPage() {
  const receiptDate = useSiteDates().long;
  const { id = '' } = useParams();
  const { user, isLoading } = useUser();
  const receipt = useReceipt(id);
  if (isLoading || (user && receipt.isPending)) return <PageLoading />;
  if (!user) return <SignInRequired />;
  if (receipt.isError || !receipt.data) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="font-serif text-2xl font-bold text-stone-900">Receipt not found</h1>
          <p className="mt-3 text-stone-700">This receipt does not exist or is not yours.</p>
          <Link to="/account" className={buttonClasses('primary', 'md', 'mt-6')}>
            Back to your account
          </Link>
        </Card>
      </div>
    );
  }
  const { receipt: r, member, seller } = receipt.data;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="mb-6 flex flex-wrap justify-between gap-3 print:hidden">
        <Link to="/account" className="font-semibold text-brand-700 underline underline-offset-2">
          Back to your account
        </Link>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" />
          Print receipt
        </Button>
      </div>
      <Card>
        <h1 className="font-serif text-2xl font-bold text-stone-900">Receipt</h1>
        <p className="mt-1 text-stone-700">
          {seller.name} · {seller.email}
        </p>
        <dl className="mt-6 grid gap-3 text-stone-800 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold">Receipt number</dt>
          <dd className="break-all">{r.id}</dd>
          <dt className="font-semibold">Date paid</dt>
          <dd>{receiptDate(r.paidAt)}</dd>
          <dt className="font-semibold">Billed to</dt>
          <dd>
            {member.name ? `${member.name}, ` : ''}
            {member.email}
          </dd>
          <dt className="font-semibold">Description</dt>
          <dd>{r.description}</dd>
          <dt className="font-semibold">Amount paid</dt>
          <dd className="text-lg font-bold">
            {formatDollars(r.amountCents)} {r.currency.toUpperCase()}
          </dd>
          {r.offer && (
            <>
              <dt className="font-semibold">Offer</dt>
              <dd data-testid="receipt-offer">
                {r.offer.label}: {formatDollars(r.offer.discountCents)} off this payment ({r.offer.terms}
                {r.offer.endsAt ? `, until ${receiptDate(r.offer.endsAt)}` : ''})
              </dd>
            </>
          )}
          {r.refundedAt && (
            <>
              <dt className="font-semibold">Refunded</dt>
              <dd>
                {formatDollars(r.refundedCents ?? r.amountCents)} on {receiptDate(r.refundedAt)}
              </dd>
            </>
          )}
        </dl>
      </Card>
    </div>
  );
}
