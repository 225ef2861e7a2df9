import { ArrowLeft, Clock } from 'lucide-react';
import { Link } from '../components/link';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { AllySubmitForm } from '../features/allies/submit-form';

/** /allies/submit (docs/product.md §2): vendors apply to the Allies Directory; open to everyone. */
export default function AlliesSubmitPage() {
  return (
    <>
      <PageHeader eyebrow="Become an Ally" title="Join the Allies Directory">
        <p>
          Serve nonprofits? Tell us about your organization. Our premium members, nonprofit leaders, use the directory to find vendors they can trust. Every
          submission is reviewed by our team before it appears.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Link to="/allies" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Allies
        </Link>
        <p className="mt-4 flex items-center gap-2 text-sm text-stone-700">
          <Clock className="h-4 w-4 text-brand-700" aria-hidden="true" />
          We review every submission within 3-5 business days.
        </p>
        <Card className="mt-6 p-6 sm:p-8">
          <AllySubmitForm />
        </Card>
      </div>
    </>
  );
}
