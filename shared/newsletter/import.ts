import { z } from '../zod';
import { emailAddress } from '../email';
import { isStorableText } from '../text';

/**
 * Importing subscribers from another tool: a CSV of email, name and organisation,
 * previewed first. The same parser runs in the server's preview and apply, so what the admin saw
 * is what is applied.
 */
export const IMPORT_LIMITS = { bytes: 5 * 1024 * 1024, rows: 50_000 } as const;

export const importSchema = z
  .object({
    // The route's answer names the field ("csv: …"): the messages do not name it again.
    csv: z
      .string({ error: 'The file must be sent as text' })
      .min(1, 'The file is empty')
      .max(IMPORT_LIMITS.bytes, 'The file is larger than 5 MB: split it into smaller files.'),
    apply: z.boolean({ error: 'apply must be true or false' }).default(false),
  })
  .strict();

export type ImportOutcome = 'added' | 'updated' | 'invalid' | 'duplicate' | 'unsubscribed';
export const importOutcomeLabels: Record<ImportOutcome, string> = {
  added: 'Will be added',
  updated: 'Already subscribed: name and organisation filled in where blank',
  invalid: 'Skipped: not a valid email address',
  duplicate: 'Skipped: appears earlier in the file',
  unsubscribed: 'Skipped: unsubscribed or refused before (never resubscribed by an import)',
};

export interface ImportRow {
  line: number;
  email: string;
  name: string;
  organization: string;
}

export interface ImportReport {
  applied: boolean;
  counts: Record<ImportOutcome, number>;
  /** Up to 100 rows per outcome, for the preview. */
  samples: { line: number; email: string; outcome: ImportOutcome }[];
}

/** RFC 4180 CSV: quoted fields with "" for a quote, commas and newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

/**
 * The rows of an import: a header naming email, name and organisation (any order, any case,
 * "organisation" too) is used when present; otherwise the columns are email, name, organisation.
 * `total` counts every row that is not the header; a file over the limit is refused whole by the
 * caller, never cut short.
 */
export function importRows(csv: string): { rows: ImportRow[]; invalid: { line: number; email: string }[]; total: number } {
  const table = parseCsv(csv);
  const header = (table[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const hasHeader = header.includes('email') || header.includes('email address');
  const column = (names: string[], fallback: number) => {
    const found = header.findIndex((cell) => names.includes(cell));
    return hasHeader ? found : fallback;
  };
  const emailAt = column(['email', 'email address'], 0);
  const nameAt = column(['name', 'full name'], 1);
  const orgAt = column(['organization', 'organisation', 'company'], 2);
  const rows: ImportRow[] = [];
  const invalid: { line: number; email: string }[] = [];
  const data = table.slice(hasHeader ? 1 : 0);
  if (data.length > IMPORT_LIMITS.rows) return { rows: [], invalid: [], total: data.length };
  data.forEach((cells, index) => {
    const line = index + (hasHeader ? 2 : 1);
    const cell = (at: number) => (at >= 0 ? (cells[at] ?? '').trim().slice(0, 200) : '');
    const rawEmail = cell(emailAt);
    const email = emailAddress.safeParse(rawEmail);
    const name = cell(nameAt);
    const organization = cell(orgAt);
    if (!email.success || !isStorableText(name) || !isStorableText(organization)) invalid.push({ line, email: rawEmail.slice(0, 254) });
    else rows.push({ line, email: email.data, name, organization });
  });
  return { rows, invalid, total: data.length };
}
