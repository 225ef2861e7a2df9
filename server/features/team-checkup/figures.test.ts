import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questions } from '#shared/checkup/questions';
import { respondentRoles, type RespondentRole } from '#shared/team-checkup/schemas';
import { type CountedAnswer, figuresToShow, type ShownFigures, waitingSince } from './figures';
import { isSafeToPublish } from './disclosure';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 12, minute));
/** An answer giving `value` to every statement, or the values listed per statement id. */
function answer(id: string, minute: number, value: number | Record<number, number>, role: RespondentRole = 'staff'): CountedAnswer {
  const answers = Object.fromEntries(questions.map((q) => [String(q.id), typeof value === 'number' ? value : (value[q.id] ?? 1)]));
  return { id, answeredAt: at(minute), role, answers };
}

/** Feeds the answers in one at a time, as a round receives them, and returns what was shown after each. */
function play(steps: CountedAnswer[][]): (ShownFigures | null)[] {
  let shown: ShownFigures | null = null;
  return steps.map((current, i) => (shown = figuresToShow(current, shown, at(100 + i))));
}

describe("a round's figures", () => {
  it('shows nothing under three answers, then the mean health percent, its spread in words and the statements furthest apart first', () => {
    const a = answer('a', 1, 1);
    const b = answer('b', 2, 1);
    const c = answer('c', 3, { 9: 4, 10: 4, 1: 2 });
    const [one, two, three] = play([[a], [a, b], [a, b, c]]);
    expect(one).toBeNull();
    expect(two).toBeNull();
    const figures = three!.figures!;
    expect(figures.respondents).toBe(3);
    // Fuel: two people at 75%, one at (16 - 10) / 16 = 38%: mean 63, far apart.
    const fuel = figures.pillars.find((p) => p.pillar === 'FUEL')!;
    expect(fuel).toMatchObject({ mean: 63, agreement: 'very-differently' });
    expect(figures.pillars.find((p) => p.pillar === 'HUMANS')).toMatchObject({ mean: 75, spread: 0, agreement: 'agree' });
    // Statements 9 and 10 (1, 1, 4) are furthest apart, then statement 1 (1, 1, 2).
    expect(figures.talkFirst).toEqual([9, 10, 1]);
    expect(figures.statements.find((s) => s.questionId === 9)).toMatchObject({ mean: 2, spread: 1.73, agreement: 'very-differently' });
  });

  it('keeps its figures until three answers have come or changed since, so no one answer shows by difference', () => {
    const people = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => answer(id, i, (i % 4) + 1));
    const shown = play(people.map((_, i) => people.slice(0, i + 1)));
    expect(shown[2]!.figures!.respondents).toBe(3);
    expect(shown[3]).toBe(shown[2]);
    expect(shown[4]).toBe(shown[2]);
    expect(waitingSince(people.slice(0, 5), shown[4]!)).toBe(2);
    expect(shown[5]!.figures!.respondents).toBe(6);
  });

  it('counts a changed answer as a change, and a deletion that leaves fewer than three hides the figures', () => {
    const a = answer('a', 1, 1);
    const b = answer('b', 2, 2);
    const c = answer('c', 3, 3);
    const c2 = answer('c', 4, 4);
    const [first, changed, deleted, back] = play([
      [a, b, c],
      [a, b, c2],
      [a, b],
      [a, b, answer('d', 5, 2)],
    ]);
    expect(changed).toBe(first);
    expect(deleted).toEqual({ figures: null, of: {}, published: first!.published });
    // Back at three with a newcomer: {a, b, d} beside {a, b, c} would give away c − d; nothing is shown.
    expect(back!.figures).toBeNull();
  });

  it('shows role groups of three or more only where the people outside them are none or three or more', () => {
    const staff = ['s1', 's2', 's3'].map((id, i) => answer(id, i, 1, 'staff'));
    const board = ['b1', 'b2', 'b3'].map((id, i) => answer(id, 10 + i, 3, 'board'));
    const both = figuresToShow([...staff, ...board], null, at(50))!.figures!;
    expect(both.roles.map((r) => [r.role, r.respondents, r.pillars.FUEL])).toEqual([
      ['staff', 3, 75],
      ['board', 3, 25],
    ]);
    expect(both.rolesWithheld).toBe(false);
    // One volunteer beside them: showing both groups would give the volunteer away; the smaller (later) group goes.
    const withVolunteer = figuresToShow([...staff, ...board, answer('v', 20, 2, 'volunteer')], null, at(50))!.figures!;
    expect(withVolunteer.roles.map((r) => r.role)).toEqual(['staff']);
    expect(withVolunteer.rolesWithheld).toBe(true);
    // Everyone staff: the one group is everyone, nothing withheld.
    const allStaff = figuresToShow(staff, null, at(50))!.figures!;
    expect(allStaff.roles.map((r) => r.role)).toEqual(['staff']);
    expect(allStaff.rolesWithheld).toBe(false);
  });

  it('never lets a watcher who keeps every figure and knows who answered compute anyone, whatever order answers come, change and go', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
    const event = fc.record({
      who: fc.constantFrom(...ids),
      kind: fc.constantFrom('answer', 'answer', 'answer', 'delete'),
      role: fc.constantFrom(...respondentRoles),
      value: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 30 }), (events) => {
        const current = new Map<string, CountedAnswer>();
        let shown: ShownFigures | null = null;
        // What the watcher saw: each distinct set of answers a figure was drawn over.
        const seen: string[][] = [];
        events.forEach((e, minute) => {
          if (e.kind === 'delete') current.delete(e.who);
          else current.set(e.who, answer(e.who, minute, e.value, e.role));
          const before: ShownFigures | null = shown;
          shown = figuresToShow([...current.values()], shown, at(200 + minute));
          if (shown?.figures && shown !== before) {
            // New figures: drawn over everyone counted now, and over each role group shown.
            const counted = [...current.values()];
            const key = (x: CountedAnswer) => `${x.id}@${x.answeredAt.toISOString()}`;
            seen.push(counted.map(key));
            for (const group of shown.figures.roles) seen.push(counted.filter((x) => x.role === group.role).map(key));
            expect(shown.figures.respondents).toBeGreaterThanOrEqual(3);
          }
        });
        // The history holds every set shown, and together they give no one (or pair) away.
        const published = (shown as ShownFigures | null)?.published ?? [];
        for (const set of seen) expect(published.some((p) => p.length === set.length && set.every((k) => p.includes(k)))).toBe(true);
        expect(isSafeToPublish(published)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
