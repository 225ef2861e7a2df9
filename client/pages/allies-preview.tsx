import { ShieldCheck, Star } from 'lucide-react';
import { Card } from '../components/ui/card';
import { PreviewLayout } from '../features/previews/preview-layout';
import { sampleAllies } from '../features/previews/preview-allies';
import { site } from '#shared/site';

/** /allies/preview: six sample vendors and the 30-day money-back guarantee (docs/product.md §2). */
export default function AlliesPreviewPage() {
  return (
    <PreviewLayout
      eyebrow="Premium preview"
      title="The Allies Directory"
      intro={
        <p>
          {site.vettedAllies} vendors vetted for nonprofits, with peer reviews from members, real pricing and offers for members. Here are six sample listings;
          websites and contact details are shown to premium members.
        </p>
      }
    >
      <ul className="grid gap-6 md:grid-cols-2" data-testid="sample-allies">
        {sampleAllies.map((ally) => (
          <li key={ally.name}>
            <Card className="h-full">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="text-xl font-semibold text-stone-900">{ally.name}</h2>
                  <p className="text-stone-700">{ally.tagline}</p>
                </div>
                <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">{ally.category}</span>
              </div>
              <p className="mt-3 flex items-center gap-1 text-sm text-stone-800">
                <Star className="h-4 w-4 fill-accent-600 text-accent-600" aria-hidden="true" />
                <span>
                  <strong>{ally.rating.toFixed(1)}</strong> out of 5, {ally.reviewCount} reviews
                </span>
              </p>
              <p className="mt-3 text-stone-800">{ally.description}</p>
              <p className="mt-3 text-sm text-stone-700">
                <strong className="text-stone-900">Expertise:</strong> {ally.expertise.join(', ')}
              </p>
              <dl className="mt-3 grid gap-2 text-sm text-stone-700">
                <div>
                  <dt className="inline font-semibold text-stone-900">Use case: </dt>
                  <dd className="inline">{ally.useCase}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold text-stone-900">Client win: </dt>
                  <dd className="inline">{ally.clientWin}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold text-stone-900">Pricing: </dt>
                  <dd className="inline">{ally.pricing}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold text-stone-900">Website: </dt>
                  <dd className="inline">{ally.website}</dd>
                </div>
              </dl>
              <h3 className="mt-4 text-sm font-semibold text-stone-900">Peer reviews</h3>
              <ul className="mt-2 grid gap-2">
                {ally.peerReviews.map((review) => (
                  <li key={review.reviewer} className="rounded-md bg-stone-100 p-3 text-sm text-stone-800">
                    “{review.comment}” <span className="text-stone-600">({review.reviewer})</span>
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-10 flex max-w-3xl items-start gap-3 rounded-xl border border-brand-600 bg-brand-50 p-5 text-stone-800">
        <ShieldCheck className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          <strong>30-day money-back guarantee.</strong> If the Allies Directory and the rest of premium are not worth it to you, tell us within 30 days of
          joining and we refund your first payment in full, no questions asked.
        </span>
      </p>
    </PreviewLayout>
  );
}
