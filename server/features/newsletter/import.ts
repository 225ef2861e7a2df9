import { inArray, sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/auth/user';
import { IMPORT_LIMITS, type ImportOutcome, type ImportReport, importRows } from '#shared/newsletter/import';
import type { Database } from '../../db/client';
import { mailSuppressions } from '../../db/schema';
import { newsletterSignups } from './schema';
import { recordAudit } from '../../audit-log';
import { optedOutAmong } from '../../mail/topic-opt-outs';
import { HttpError } from '../../http/errors';

const SAMPLES_PER_OUTCOME = 100;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Subscribers moving from another tool: each row is added (subscribed: they opted in
 * there), updated (an existing subscriber's blank name or organisation filled in) or skipped
 * (invalid, repeated in the file, or unsubscribed or refused here before: an import never
 * resubscribes anyone). The preview and the import classify alike; the import is one transaction.
 */
export async function importSubscribers(db: Database, admin: PublicUser, csv: string, apply: boolean): Promise<ImportReport> {
  const { rows, invalid, total } = importRows(csv);
  // Refused whole, in the preview already: an import never leaves part of a file behind unsaid.
  if (total > IMPORT_LIMITS.rows) {
    const message = `The file has ${count(total)} rows and one import takes at most ${count(IMPORT_LIMITS.rows)}: split it into files of ${count(IMPORT_LIMITS.rows)} rows or fewer. Nothing was imported.`;
    throw new HttpError(400, `csv: ${message}`, { csv: message });
  }
  const counts: Record<ImportOutcome, number> = { added: 0, updated: 0, invalid: invalid.length, duplicate: 0, unsubscribed: 0 };
  const samples: ImportReport['samples'] = invalid.slice(0, SAMPLES_PER_OUTCOME).map((row) => ({ ...row, outcome: 'invalid' }));
  const note = (line: number, email: string, outcome: ImportOutcome) => {
    counts[outcome] += 1;
    if (counts[outcome] <= SAMPLES_PER_OUTCOME) samples.push({ line, email, outcome });
  };

  return db.transaction(async (tx) => {
    const emails = [...new Set(rows.map((row) => row.email.toLowerCase()))];
    const known = new Map<string, string>();
    // In slices: one IN list per thousand addresses.
    for (let at = 0; at < emails.length; at += 1000) {
      const slice = emails.slice(at, at + 1000);
      const signups = await tx
        .select({ email: sql<string>`lower(${newsletterSignups.email})`, status: newsletterSignups.status })
        .from(newsletterSignups)
        .where(inArray(sql`lower(${newsletterSignups.email})`, slice));
      const refused = await tx
        .select({ email: sql<string>`lower(${mailSuppressions.email})` })
        .from(mailSuppressions)
        .where(inArray(sql`lower(${mailSuppressions.email})`, slice));
      // An address that left the newsletter has left it, with or without a signup (decision 071).
      const left = await optedOutAmong(tx, 'newsletter', slice);
      const found = [
        ...signups,
        ...[...left].map((email) => ({ email, status: 'unsubscribed' })),
        ...refused.map(({ email }) => ({ email, status: 'bounced' })),
      ];
      for (const row of found) if (known.get(row.email) !== 'bounced') known.set(row.email, row.status);
    }
    const seen = new Set<string>();
    const toAdd: typeof rows = [];
    const toUpdate: typeof rows = [];
    for (const row of rows) {
      const key = row.email.toLowerCase();
      if (seen.has(key)) note(row.line, row.email, 'duplicate');
      else if (known.get(key) === 'unsubscribed' || known.get(key) === 'bounced') note(row.line, row.email, 'unsubscribed');
      else if (known.has(key)) {
        note(row.line, row.email, 'updated');
        toUpdate.push(row);
      } else {
        note(row.line, row.email, 'added');
        toAdd.push(row);
      }
      seen.add(key);
    }
    if (apply) {
      for (let at = 0; at < toAdd.length; at += 500) {
        const values = toAdd
          .slice(at, at + 500)
          .map((row) => ({ email: row.email, name: row.name, organization: row.organization, status: 'subscribed' as const, confirmedAt: sql`now()` }));
        await tx.insert(newsletterSignups).values(values).onConflictDoNothing();
      }
      for (const row of toUpdate) {
        await tx
          .update(newsletterSignups)
          .set({
            name: sql`case when ${newsletterSignups.name} = '' then ${row.name} else ${newsletterSignups.name} end`,
            organization: sql`case when ${newsletterSignups.organization} = '' then ${row.organization} else ${newsletterSignups.organization} end`,
            updatedAt: sql`now()`,
          })
          .where(sql`lower(${newsletterSignups.email}) = lower(${row.email})`);
      }
      await recordAudit(tx, admin, {
        action: 'newsletter_import',
        targetType: 'newsletter',
        targetId: 'import',
        details: { added: counts.added, updated: counts.updated, skipped: counts.invalid + counts.duplicate + counts.unsubscribed },
      });
    }
    return { applied: apply, counts, samples };
  });
}
