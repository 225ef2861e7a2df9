/**
 * What a collection of published group figures gives away about the people in them (decision 078).
 *
 * Every figure a round shows (a mean, a spread) is a sum over a set of answers, so whoever keeps
 * every figure they were shown can add and subtract them: from the round's figure over {a, b, c}
 * and later over {a, b, c, d}, d's answers follow. Seen as vectors (one coordinate per answer,
 * 1 where the set holds it), what can be computed is exactly the span of the published sets. A
 * collection is safe when that span holds no vector on one or two answers: no single answer can
 * be computed, and no pair either (someone who gave one of the two would learn the other).
 * Learning something about three answers together stays possible: that is the floor of three.
 *
 * The test uses the kernel of the matrix whose rows are the sets: a vector is in the span exactly
 * when it is orthogonal to the kernel, so a vector on the answers i and j is there when the
 * kernel's coordinates i and j are linearly dependent (one of them zero, or one a multiple of the
 * other). One elimination, then one pass over the answers: fast for the few hundred answers a
 * round's history holds.
 */

const EPSILON = 1e-9;

/** The kernel basis of the sets' 0/1 matrix, one row per answer (its coordinates in each basis vector). */
function kernelRows(sets: readonly (readonly string[])[], answers: readonly string[]): number[][] {
  const column = new Map(answers.map((answer, i) => [answer, i]));
  const rows = sets.map((set) => {
    const row = new Array<number>(answers.length).fill(0);
    for (const answer of set) row[column.get(answer)!] = 1;
    return row;
  });
  // Reduced row echelon form, with partial pivoting (the entries start as 0 and 1).
  const pivotColumns: number[] = [];
  let rank = 0;
  for (let col = 0; col < answers.length && rank < rows.length; col++) {
    let best = rank;
    for (let r = rank + 1; r < rows.length; r++) if (Math.abs(rows[r]![col]!) > Math.abs(rows[best]![col]!)) best = r;
    if (Math.abs(rows[best]![col]!) < EPSILON) continue;
    [rows[rank], rows[best]] = [rows[best]!, rows[rank]!];
    const pivot = rows[rank]!;
    const scale = pivot[col]!;
    for (let c = 0; c < answers.length; c++) pivot[c]! /= scale;
    for (let r = 0; r < rows.length; r++) {
      if (r === rank) continue;
      const factor = rows[r]![col]!;
      if (Math.abs(factor) < EPSILON) continue;
      for (let c = 0; c < answers.length; c++) rows[r]![c]! -= factor * pivot[c]!;
    }
    pivotColumns.push(col);
    rank++;
  }
  const isPivot = new Set(pivotColumns);
  const freeColumns = answers.map((_, i) => i).filter((i) => !isPivot.has(i));
  // One kernel vector per free column: 1 there, minus the column's entries at the pivots.
  const kernel = answers.map(() => new Array<number>(freeColumns.length).fill(0));
  freeColumns.forEach((free, k) => {
    kernel[free]![k] = 1;
    pivotColumns.forEach((pivotColumn, r) => {
      kernel[pivotColumn]![k] = -rows[r]![free]!;
    });
  });
  return kernel;
}

/** A row scaled so its first clear entry is 1, written with enough digits to compare rows. */
function direction(row: readonly number[]): string | null {
  const first = row.find((x) => Math.abs(x) > EPSILON);
  if (first === undefined) return null;
  return row.map((x) => (Math.abs(x) > EPSILON ? (x / first).toFixed(6) : '0')).join(',');
}

/**
 * The answers (one, or two together) that the published sets let anyone compute, as groups of
 * one or two; empty when the collection is safe.
 */
export function exposedAnswers(sets: readonly (readonly string[])[]): string[][] {
  const answers = [...new Set(sets.flat())];
  const kernel = kernelRows(sets, answers);
  const exposed: string[][] = [];
  const byDirection = new Map<string, string>();
  answers.forEach((answer, i) => {
    const key = direction(kernel[i]!);
    if (key === null) {
      exposed.push([answer]);
      return;
    }
    const twin = byDirection.get(key);
    if (twin === undefined) byDirection.set(key, answer);
    else exposed.push([twin, answer]);
  });
  return exposed;
}

export const isSafeToPublish = (sets: readonly (readonly string[])[]): boolean => exposedAnswers(sets).length === 0;
