import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../csv-writing';
import { checkupResults } from '../checkup/schema';
import { startTestApp, type TestApp } from '../../test/app';
import { uniqueEmail } from '../../test/unique-email';
import { sqlCell } from './list-export';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('sqlCell, the SQL twin of csvCell', () => {
  it('writes every cell as csvCell writes the same text: formulas, quotes, signs, JSON objects and the rest', async () => {
    const texts = ['plain', 'a,b', 'say "hi"', 'two\r\nlines', '=SUM(A1)', '+1', '-x', '@me', '\tTab', '=HYPERLINK("x")', ''];
    const jsons: unknown[] = [{ FUEL: 9, GEARS: 6 }, {}, [1], [1, 2], ['=x'], '=text', 'a,b', -5, 7, { say: 'a "quote"' }];
    const scores = [0, 7, -3, -12];
    const rows = texts.flatMap((text, i) => ({
      email: `${text}${uniqueEmail('twin')}`,
      score: scores[i % scores.length]!,
      totalScore: 0,
      categoryScores: jsons[i % jsons.length] as never,
      answers: {},
      focusArea: null,
    }));
    const inserted = await t.ctx.db.insert(checkupResults).values(rows).returning({ id: checkupResults.id });
    const cells = await t.ctx.db
      .select({
        email: sql<string>`${checkupResults.email}`,
        emailCell: sqlCell(checkupResults.email),
        score: checkupResults.score,
        scoreCell: sqlCell(checkupResults.score),
        json: sql<string>`${checkupResults.categoryScores}::text`,
        jsonCell: sqlCell(checkupResults.categoryScores),
        focusCell: sqlCell(checkupResults.focusArea),
      })
      .from(checkupResults)
      .where(
        inArray(
          checkupResults.id,
          inserted.map((row) => row.id),
        ),
      );
    expect(cells).toHaveLength(rows.length);
    for (const cell of cells) {
      expect(cell.emailCell).toBe(csvCell(cell.email));
      expect(cell.scoreCell).toBe(csvCell(cell.score));
      // PostgreSQL's own JSON text (its spacing, not JSON.stringify's), written as csvCell writes that text.
      expect(cell.jsonCell).toBe(csvCell(cell.json));
      expect(cell.focusCell).toBe('');
    }
  });
});
