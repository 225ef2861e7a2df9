import { sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/auth/user';
import { IMPORT_LIMITS, type ImportOutcome, type ImportReport, importRows } from '#shared/newsletter/import';
import type { Database } from '../../db/client';
import { recordAudit } from '../../audit-log';
import { HttpError } from '../../http/errors';
import { rowsOf } from '../../db/rows';

const SAMPLES_PER_OUTCOME = 100;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Subscribers moving from another tool (issue 23.5): each row is added (subscribed: they opted in
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
      const found = rowsOf<{ email: string; status: string }>(
        await tx.execute(sql`
          select lower(email) as email, status from newsletter_signups where lower(email) in (${sql.join(
            slice.map((e) => sql`${e}`),
            sql`, `,
          )})
          union all
          select lower(email), 'bounced' from mail_suppressions where lower(email) in (${sql.join(
            slice.map((e) => sql`${e}`),
            sql`, `,
          )})`),
      );
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
        const values = toAdd.slice(at, at + 500).map((row) => sql`(${row.email}, ${row.name}, ${row.organization}, 'subscribed', now())`);
        await tx.execute(
          sql`insert into newsletter_signups (email, name, organization, status, confirmed_at) values ${sql.join(values, sql`, `)} on conflict do nothing`,
        );
      }
      for (const row of toUpdate) {
        await tx.execute(sql`
          update newsletter_signups set name = case when name = '' then ${row.name} else name end,
            organization = case when organization = '' then ${row.organization} else organization end, updated_at = now()
          where lower(email) = lower(${row.email})`);
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
