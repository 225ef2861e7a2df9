import { type CategoryScores, gradeScores, weakestPillars } from '#shared/checkup/grading';
import { insightFor } from '#shared/checkup/insights';
import { pillarInfo, pillars } from '#shared/checkup/questions';
import { escapeHtml } from '#shared/text';
import type { Mail } from '../../mail/mailer';

/**
 * The detailed breakdown the results page promises: the overall grade, each pillar's grade,
 * percent, meaning and next steps, the field guides to start with, and the permanent link to
 * the results. A plain-text body for every mail client and a simple HTML one.
 */
export function breakdownMail(input: { to: string; id: string; totalScore: number; categoryScores: CategoryScores; publicUrl: string }): Mail {
  const result = gradeScores(input);
  const resultsUrl = `${input.publicUrl}/checkup/results/${input.id}`;
  const guideUrl = (slug: string) => `${input.publicUrl}/field-guide/${slug}`;
  const overall = `${result.overall.grade} (${result.overall.label}), ${result.overall.percent}%`;
  const focus = weakestPillars(result);

  const sections = pillars.map((pillar) => {
    const { name, description, guideSlug } = pillarInfo[pillar];
    const graded = result.pillars[pillar];
    return { name, description, url: guideUrl(guideSlug), graded, insight: insightFor(pillar, graded.grade) };
  });

  const text = [
    'Thank you for taking the Check-Up. Here is your detailed breakdown.',
    '',
    `Overall grade: ${overall}`,
    '',
    'Where to start:',
    ...focus.map((p) => `- ${pillarInfo[p].name} Field Guide: ${guideUrl(pillarInfo[p].guideSlug)}`),
    '',
    ...sections.flatMap((s) => [
      `${s.name.toUpperCase()}: ${s.graded.grade} (${s.graded.label}), ${s.graded.percent}%`,
      `${s.description}.`,
      `What it means: ${s.insight.meaning}`,
      'Next steps:',
      ...s.insight.nextSteps.map((step) => `- ${step}`),
      `Read the ${s.name} Field Guide: ${s.url}`,
      '',
    ]),
    `Your results page: ${resultsUrl}`,
    '',
    "We'll review your results and send personalized recommendations to this address soon.",
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5;max-width:640px;margin:0 auto;padding:16px">
<h1 style="font-size:22px">Your Check-Up breakdown</h1>
<p>Thank you for taking the Check-Up. Here is your detailed breakdown.</p>
<p style="font-size:18px"><strong>Overall grade: ${e(overall)}</strong></p>
<h2 style="font-size:18px">Where to start</h2>
<ul>${focus.map((p) => `<li><a href="${e(guideUrl(pillarInfo[p].guideSlug))}">${e(pillarInfo[p].name)} Field Guide</a></li>`).join('')}</ul>
${sections
  .map(
    (s) => `<h2 style="font-size:18px">${e(s.name)}: ${e(s.graded.grade)} (${e(s.graded.label)}), ${s.graded.percent}%</h2>
<p style="color:#57534e">${e(s.description)}.</p>
<p><strong>What it means:</strong> ${e(s.insight.meaning)}</p>
<p><strong>Next steps:</strong></p>
<ul>${s.insight.nextSteps.map((step) => `<li>${e(step)}</li>`).join('')}</ul>
<p><a href="${e(s.url)}">Read the ${e(s.name)} Field Guide</a></p>`,
  )
  .join('\n')}
<p><a href="${e(resultsUrl)}">See your results page</a></p>
<p>We'll review your results and send personalized recommendations to this address soon.</p>
</body></html>`;

  return { to: input.to, subject: `Your Check-Up breakdown: grade ${result.overall.grade} (${result.overall.label})`, text, html };
}
