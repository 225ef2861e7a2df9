import current from '../../../content/weekly-dish/current.md';
import recent1 from '../../../content/weekly-dish/recent-1.md';
import recent2 from '../../../content/weekly-dish/recent-2.md';
import recent3 from '../../../content/weekly-dish/recent-3.md';

/** One edition of The Weekly Dish from content/weekly-dish/ (front matter + HTML rendered at build time). */
export interface Edition {
  title: string;
  issue: string;
  /** YYYY-MM-DD */
  date: string;
  summary: string;
  readingTime: string;
  html: string;
}

function edition(content: { meta: Record<string, string>; html: string }): Edition {
  const { title = '', issue = '', date = '', summary = '', readingTime = '' } = content.meta;
  return { title, issue, date, summary, readingTime, html: content.html };
}

/** The sample issue shown in full, and the three before it, newest first. */
export const currentEdition = edition(current);
export const recentEditions = [recent1, recent2, recent3].map(edition);
