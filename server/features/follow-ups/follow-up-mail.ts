import type { FollowUpStep } from '#shared/checkup/follow-ups';
import { markdownToText } from '#shared/markdown/render';
import { type Pillar, pillarInfo } from '#shared/checkup/questions';
import { fillPlaceholders } from '../../mail/placeholders';

/** Stands for the recipient's own unsubscribe link in a step rendered once for everyone it goes to. */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/follow-ups';

export interface RenderedFollowUp {
  subject: string;
  html: string;
  text: string;
}

/** The links a step asked for, to the pages of the recipient's weakest pillar. */
export function stepLinks(step: Pick<FollowUpStep, 'linkGuide' | 'linkResources' | 'linkAllies'>, pillar: Pillar, publicUrl: string) {
  const { name, guideSlug } = pillarInfo[pillar];
  return [
    ...(step.linkGuide ? [{ label: `Read the ${name} Field Guide`, url: `${publicUrl}/field-guide/${guideSlug}` }] : []),
    ...(step.linkResources ? [{ label: `${name} resources`, url: `${publicUrl}/resources?pillar=${guideSlug}` }] : []),
    ...(step.linkAllies ? [{ label: `Allies for ${name}`, url: `${publicUrl}/allies?category=${encodeURIComponent(name)}` }] : []),
  ];
}

const why = (publicUrl: string) => `You get these emails because you took the Check-Up at ${new URL(publicUrl).host}.`;

/**
 * One follow-up step as the email, for everyone whose weakest pillar is `pillar`: the body's HTML
 * as it was rendered when the sequence was saved, in the site's one email layout
 * (follow-up-mail-html.tsx, loaded with the first step rendered). Each copy only fills in its own
 * unsubscribe link (personalise).
 */
export async function renderFollowUp(
  step: Pick<FollowUpStep, 'subject' | 'body' | 'linkGuide' | 'linkResources' | 'linkAllies'> & { bodyHtml: string },
  pillar: Pillar,
  settings: { publicUrl: string; postalAddress: string },
): Promise<RenderedFollowUp> {
  const links = stepLinks(step, pillar, settings.publicUrl);
  const { followUpHtml } = await import('./follow-up-mail-html');
  const html = await followUpHtml(step, links, {
    why: why(settings.publicUrl),
    unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
    postalAddress: settings.postalAddress,
  });
  const text = [
    step.subject.toUpperCase(),
    '',
    markdownToText(step.body, { siteUrl: settings.publicUrl }).trim(),
    '',
    ...links.map((link) => `${link.label}: ${link.url}`),
    ...(links.length ? [''] : []),
    '----',
    `${why(settings.publicUrl)} Stop these follow-ups: ${UNSUBSCRIBE_PLACEHOLDER}`,
    settings.postalAddress,
    '',
  ].join('\n');
  return { subject: step.subject, html, text };
}

/** One recipient's copy: only the unsubscribe link is theirs. */
export function personalise(rendered: RenderedFollowUp, unsubscribeUrl: string): RenderedFollowUp {
  return fillPlaceholders(rendered, { [UNSUBSCRIBE_PLACEHOLDER]: unsubscribeUrl });
}
