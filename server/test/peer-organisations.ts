import type { BudgetBand } from '#shared/checkup/organisation';
import { questions } from '#shared/checkup/questions';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { checkupResults } from '../features/checkup/schema';

const run = Math.random().toString(36).slice(2, 8);
let counter = 0;

/** Every answer `value`: each pillar at (16 − 4·value)·100/16 percent (1 → 75, 2 → 50, 3 → 25, 4 → 0). */
export const answersAt = (value: number) => Object.fromEntries(questions.map((q) => [String(q.id), value]));
const sums = (value: number) => ({ IMPACT: 4 * value, HUMANS: 4 * value, FUEL: 4 * value, GEARS: 4 * value, FUTURE: 4 * value });

/** An address of an organisation of its own: its own domain, off the reserved test domains (which peer figures leave out). */
export const organisationEmail = (label = 'org') => `${label}.${(counter += 1)}@${label}-${run}-${counter}.ngo`;

/**
 * An account per address, its email confirmed unless `verified` is false (peer figures count only
 * such accounts' attempts, decision 040), with one attempt each, every answer `answer`.
 */
export async function seedAccountsWithAttempts(
  db: Executor,
  emails: string[],
  values: { budgetBand?: BudgetBand | null; answer?: number; createdAt?: Date; verified?: boolean } = {},
) {
  const accounts = await db
    .insert(users)
    .values(emails.map((email) => ({ email, emailVerifiedAt: values.verified === false ? null : new Date() })))
    .returning({ id: users.id, email: users.email });
  const answer = values.answer ?? 2;
  return db
    .insert(checkupResults)
    .values(
      accounts.map((account) => ({
        email: account.email,
        userId: account.id,
        answers: answersAt(answer),
        score: 20 * answer,
        totalScore: 20 * answer,
        categoryScores: sums(answer),
        budgetBand: values.budgetBand === undefined ? 'under-100k' : values.budgetBand,
        ...(values.createdAt ? { createdAt: values.createdAt } : {}),
      })),
    )
    .returning();
}

/** `count` organisations of their own (verified accounts on domains of their own), one attempt each. */
export const seedOrganisations = (db: Executor, count: number, values: Parameters<typeof seedAccountsWithAttempts>[2] = {}) =>
  seedAccountsWithAttempts(
    db,
    Array.from({ length: count }, () => organisationEmail()),
    values,
  );
