import { useLocation } from 'react-router';
import { findFieldGuide } from '#shared/content/field-guides';
import { GuideArticle } from '../features/guides/guide-article';
import { GuideGate } from '../features/guides/guide-gate';
import NotFound from './not-found';

/** /field-guide/{impact|humans|fuel|gears|future}: one screen for the five guides, gated per spec point 6. */
export default function FieldGuidePage() {
  const slug = useLocation().pathname.split('/')[2] ?? '';
  const guide = findFieldGuide(slug);
  if (!guide) return <NotFound />;
  return (
    // Humans needs free access only (spec point 6), so no guide asks for premium here.
    <GuideGate key={guide.slug} guideTitle={guide.title} requiresFreeAccess={guide.requiresFreeAccess} requirePremium={false}>
      <GuideArticle guide={guide} />
    </GuideGate>
  );
}
