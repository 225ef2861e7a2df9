import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exposedAnswers, isSafeToPublish } from './disclosure';

/** The rank of a 0/1 matrix (rows over `columns`), by plain elimination: the test's own arithmetic, not the module's. */
function rank(rows: number[][]): number {
  const m = rows.map((row) => [...row]);
  let r = 0;
  for (let c = 0; c < (m[0]?.length ?? 0) && r < m.length; c++) {
    const p = m.findIndex((row, i) => i >= r && Math.abs(row[c]!) > 1e-9);
    if (p < 0) continue;
    [m[r], m[p]] = [m[p]!, m[r]!];
    for (let i = 0; i < m.length; i++) {
      if (i === r) continue;
      const f = m[i]![c]! / m[r]![c]!;
      for (let k = 0; k < m[i]!.length; k++) m[i]![k]! -= f * m[r]![k]!;
    }
    r++;
  }
  return r;
}

/**
 * Whether some combination of the published sets is a vector on the answers i and j alone (or i
 * alone when i = j): the span meets span(e_i, e_j) exactly when adding them raises the rank by
 * less than their number.
 */
function computable(sets: string[][], group: string[]): boolean {
  const answers = [...new Set(sets.flat())];
  const rows = sets.map((set) => answers.map((a) => (set.includes(a) ? 1 : 0)));
  const units = group.map((g) => answers.map((a) => (a === g ? 1 : 0)));
  return rank([...rows, ...units]) < rank(rows) + units.length;
}

describe('what published group figures give away', () => {
  it('one more answer between two figures gives that answer away', () => {
    expect(
      exposedAnswers([
        ['a', 'b', 'c'],
        ['a', 'b', 'c', 'd'],
      ]),
    ).toEqual([['d']]);
  });

  it('two more give the pair away (either of them learns the other)', () => {
    expect(
      exposedAnswers([
        ['a', 'b', 'c'],
        ['a', 'b', 'c', 'd', 'e'],
      ]),
    ).toEqual([['d', 'e']]);
  });

  it('three more give no one away', () => {
    expect(
      isSafeToPublish([
        ['a', 'b', 'c'],
        ['a', 'b', 'c', 'd', 'e', 'f'],
      ]),
    ).toBe(true);
  });

  it('role groups beside everyone: the people in no shown group are found by subtraction', () => {
    const everyone = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(exposedAnswers([everyone, ['a', 'b', 'c'], ['d', 'e', 'f']])).toEqual([['g']]);
    expect(isSafeToPublish([everyone, ['a', 'b', 'c']])).toBe(true);
  });

  it('a changed answer is a new answer: its change alone is not computable, but a change with only one newcomer is', () => {
    expect(
      isSafeToPublish([
        ['a', 'b', 'c1'],
        ['a', 'b', 'c2', 'd', 'e'],
      ]),
    ).toBe(true);
    expect(
      exposedAnswers([
        ['a', 'b', 'c1', 'd'],
        ['a', 'b', 'c2', 'd'],
      ]),
    ).toEqual([['c1', 'c2']]);
  });

  it('agrees with a rank test on random collections of sets', () => {
    const answers = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    fc.assert(
      fc.property(fc.array(fc.subarray(answers, { minLength: 1 }), { minLength: 1, maxLength: 5 }), (sets) => {
        const present = [...new Set(sets.flat())];
        const exposedByRank: string[][] = [];
        for (const [i, a] of present.entries()) {
          if (computable(sets, [a])) exposedByRank.push([a]);
          for (const b of present.slice(i + 1)) if (!computable(sets, [a]) && !computable(sets, [b]) && computable(sets, [a, b])) exposedByRank.push([a, b]);
        }
        const found = exposedAnswers(sets);
        // Every single answer found by rank is found; a pair is found when neither of its answers is alone computable (then any pair with it is).
        expect(isSafeToPublish(sets)).toBe(exposedByRank.length === 0);
        for (const [a] of exposedByRank.filter((g) => g.length === 1)) expect(found).toContainEqual([a]);
      }),
      { numRuns: 300 },
    );
  });
});
