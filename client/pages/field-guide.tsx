import { useLocation } from 'react-router';
import { findFieldGuide } from '#shared/content/field-guides';
import type { PreloadContext } from '../app/routes';
import { GuideArticle } from '../features/guides/guide-article';
import { GuideGate } from '../features/guides/guide-gate';
import { guideContentQuery } from '../features/guides/use-guide-content';
import { NotFound } from '../components/not-found';

const guideAt = (pathname: string) => findFieldGuide(pathname.split('/')[2] ?? '');

/** The guide's content, so the server renders it and the browser hydrates it without waiting. */
export const preload = async ({ pathname, queryClient }: PreloadContext) => {
  const guide = guideAt(pathname);
  if (guide) await (await queryClient()).prefetchQuery(guideContentQuery(guide.slug));
};

/** /field-guide/{impact|humans|fuel|gears|future}: one screen for the five guides, gated per docs/product.md §6. */
export default function FieldGuidePage() {
  const guide = guideAt(useLocation().pathname);
  if (!guide) return <NotFound />;
  return (
    // Humans needs free access only (docs/product.md §6), so no guide asks for premium here.
    <GuideGate key={guide.slug} guideTitle={guide.title} requiresFreeAccess={guide.requiresFreeAccess} requirePremium={false}>
      <GuideArticle guide={guide} />
    </GuideGate>
  );
}
