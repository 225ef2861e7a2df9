import { BookOpen, Sparkles } from 'lucide-react';
import { Link } from '../components/link';
import { fieldGuides } from '#shared/content/field-guides';
import { pillars } from '#shared/content/pillars';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button';
import { PillarIcon } from '../components/pillar-icon';
import { PublishedContent } from '../features/content/use-published';

/** /five-pillars: the framework, as published in /admin → Content, with the way on to the guides and pricing. */
export default function FivePillarsPage() {
  return (
    <PublishedContent section="pages" slug="five-pillars">
      {(page) => (
        <>
          <PageHeader eyebrow="Our framework" title={page.title}>
            <p>{page.summary}</p>
          </PageHeader>
          <div className="mx-auto max-w-4xl px-4 py-10">
            <nav aria-label="The five pillars">
              <ul className="flex flex-wrap gap-2">
                {pillars.map((pillar) => (
                  <li key={pillar.slug}>
                    <a
                      href={`#${pillar.slug}`}
                      className="inline-flex items-center gap-1.5 rounded-full border border-stone-200 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:border-brand-600 hover:text-brand-800"
                    >
                      <PillarIcon slug={pillar.slug} className="h-4 w-4 text-brand-700" />
                      {pillar.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <article className="prose-content mt-6 max-w-3xl" dangerouslySetInnerHTML={{ __html: withAnchors(page.html) }} />
            <div className="mt-12 grid gap-6 md:grid-cols-2">
              <section aria-labelledby="pillars-guides" className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
                <h2 id="pillars-guides" className="flex items-center gap-2 font-serif text-xl font-semibold">
                  <BookOpen className="h-5 w-5 text-brand-700" aria-hidden="true" />
                  One field guide per pillar
                </h2>
                <p className="mt-2 text-stone-700">Practical sections, a checklist and questions for your team, free.</p>
                <ul className="mt-3 space-y-1">
                  {fieldGuides.map((guide) => (
                    <li key={guide.slug}>
                      <Link
                        to={`/field-guide/${guide.slug}`}
                        className="inline-flex items-center gap-2 text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
                      >
                        <PillarIcon slug={guide.slug} className="h-4 w-4" />
                        {guide.title}
                      </Link>
                    </li>
                  ))}
                </ul>
                <Link to="/field-guides" className={buttonClasses('primary', 'md', 'mt-4')}>
                  Explore the Field Guides
                </Link>
              </section>
              <section aria-labelledby="pillars-premium" className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
                <h2 id="pillars-premium" className="flex items-center gap-2 font-serif text-xl font-semibold">
                  <Sparkles className="h-5 w-5 text-accent-600" aria-hidden="true" />
                  Go further with premium
                </h2>
                <p className="mt-2 text-stone-700">Expanded guides, toolkits, vetted vendors, coaching and a community of peers.</p>
                <Link to="/pricing" className={buttonClasses('outline', 'md', 'mt-4')}>
                  See Pricing
                </Link>
              </section>
            </div>
          </div>
        </>
      )}
    </PublishedContent>
  );
}

/** Gives each pillar's H2 an id (#impact, #humans…) so the chips above can jump to it. */
function withAnchors(html: string): string {
  return html.replace(/<h2>([^<]+)<\/h2>/g, (match, name: string) => {
    const pillar = pillars.find((p) => p.name === name.trim());
    return pillar ? `<h2 id="${pillar.slug}" class="scroll-mt-24">${name}</h2>` : match;
  });
}
