import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pillars, questions } from '#shared/checkup/questions';
import type { RoundResultView } from '#shared/team-checkup/schemas';
import { RoundResult } from './round-result';

/** The text a reader sees: no tags, entities decoded, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const hidden: RoundResultView = {
  id: 'r1',
  name: 'Spring board retreat',
  status: 'open',
  closesAt: '2026-12-14T04:59:59.999Z',
  closedAt: null,
  answered: 1,
  needed: 2,
  figures: null,
  waiting: 0,
  peers: null,
  previous: null,
};

const shown: RoundResultView = {
  ...hidden,
  answered: 5,
  needed: 0,
  waiting: 2,
  figures: {
    respondents: 3,
    asOf: '2026-12-01T12:00:00.000Z',
    overall: { mean: 63, grade: 'C' },
    pillars: pillars.map((pillar) => ({ pillar, mean: 60, spread: 25, agreement: 'very-differently' as const })),
    statements: questions.map((question) => ({ questionId: question.id, pillar: question.category, mean: 2.5, spread: 0.2, agreement: 'agree' as const })),
    talkFirst: [14, 3],
    roles: [],
    rolesWithheld: true,
  },
};

describe("a round's result page", () => {
  it('says how many more answers are needed, and shows no figure, before three have answered', () => {
    const page = text(renderToString(<RoundResult result={hidden} />));
    expect(page).toContain("2 more answers are needed before the team's result is shown");
    expect(page).not.toContain('Talk about these first');
    expect(page).not.toContain('Print');
  });

  it('says the result is held back, not that 0 more answers are needed, when three have answered but figures would give someone away', () => {
    const page = text(renderToString(<RoundResult result={{ ...hidden, answered: 3, needed: 0 }} />));
    expect(page).toContain("The team's result is held back for now");
    expect(page).not.toContain('0 more answers');
  });

  it('lists the statements to talk about first, in the order given, with their words, and says why newer answers wait', () => {
    const page = text(renderToString(<RoundResult result={shown} />));
    expect(page).toContain('Based on 3 answers');
    expect(page).toContain("2 newer answers will be counted once at least 3 have come, so that nobody's answers can be worked out.");
    const talk = page.slice(page.indexOf('Talk about these first'), page.indexOf('By role'));
    const fourteen = talk.indexOf(questions[13]!.text);
    const three = talk.indexOf(questions[2]!.text);
    expect(fourteen).toBeGreaterThan(-1);
    expect(three).toBeGreaterThan(fourteen);
    expect(page).toContain('You see this very differently');
    expect(page).toContain('Some roles are not shown on their own');
    expect(page).toContain('Print');
  });
});
