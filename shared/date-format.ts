/**
 * The one way to write a date or time in words. Building an Intl.DateTimeFormat costs about a
 * tenth of a millisecond, and `toLocaleDateString` builds one on every call: a page or an API
 * answer that writes a dozen dates paid for a dozen (the progress data spent 12% of its CPU
 * there). Each set of options gets one formatter, kept for the process.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateFormatter(options: Intl.DateTimeFormatOptions, locale = 'en-US'): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `date` (a Date or anything `new Date` reads) written with `options`, in English unless `locale` says otherwise. */
export function formatDate(date: Date | string, options: Intl.DateTimeFormatOptions, locale?: string): string {
  return dateFormatter(options, locale).format(typeof date === 'string' ? new Date(date) : date);
}
