import { type CategoryScores, gradeScores, weakestPillars } from '#shared/checkup/grading';
import { insightFor } from '#shared/checkup/insights';
import { pillarInfo, pillars } from '#shared/checkup/questions';
import { MailLayout, renderMailHtml } from '../../mail/mail-layout';
import type { Mail } from '../../mail/transport';

/**
 * The detailed breakdown the results page promises: the overall grade, each pillar's grade,
 * percent, meaning and next steps, the field guides to start with, and the permanent link to
 * the results. A plain-text body for every mail client and the HTML of the site's one email
 * layout (react-email). It is the whole of what the request sends: it promises no review and no
 * later mail (follow-ups, where a sequence is on, go to the attempt's own address).
 */
export async function breakdownMail(input: { to: string; id: string; totalScore: number; categoryScores: CategoryScores; publicUrl: string }): Promise<Mail> {
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
    `You asked for this breakdown at ${new URL(input.publicUrl).host}. It is sent once; nothing else follows from it.`,
  ].join('\n');

  const html = await renderMailHtml(
    <MailLayout
      preview={`Overall grade: ${overall}`}
      eyebrow="Nonprofit Leaders Hub · The Check-Up"
      title="Your Check-Up breakdown"
      footer={[`You asked for this breakdown at ${new URL(input.publicUrl).host}. It is sent once; nothing else follows from it.`]}
    >
      <p>Thank you for taking the Check-Up. Here is your detailed breakdown.</p>
      <p style={{ fontSize: '18px' }}>
        <strong>{`Overall grade: ${overall}`}</strong>
      </p>
      <h2>Where to start</h2>
      <ul>
        {focus.map((p) => (
          <li key={p}>
            <a href={guideUrl(pillarInfo[p].guideSlug)}>{`${pillarInfo[p].name} Field Guide`}</a>
          </li>
        ))}
      </ul>
      {sections.map((s) => (
        <div key={s.name}>
          <h2>{`${s.name}: ${s.graded.grade} (${s.graded.label}), ${s.graded.percent}%`}</h2>
          <p>{`${s.description}.`}</p>
          <p>
            <strong>What it means:</strong>
            {` ${s.insight.meaning}`}
          </p>
          <p>
            <strong>Next steps:</strong>
          </p>
          <ul>
            {s.insight.nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
          <p>
            <a href={s.url}>{`Read the ${s.name} Field Guide`}</a>
          </p>
        </div>
      ))}
      <p>
        <a href={resultsUrl}>See your results page</a>
      </p>
    </MailLayout>,
  );

  return { to: input.to, subject: `Your Check-Up breakdown: grade ${result.overall.grade} (${result.overall.label})`, text, html };
}
