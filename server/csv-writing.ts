// Writing CSV, for every feature's exports (the admin's lists, a webinar's sign-ups).

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or CR before one) as a formula: such
 * a cell gets a leading apostrophe so it stays text (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  let text = value == null ? '' : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  // RFC 4180: a field with a quote, comma or line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
