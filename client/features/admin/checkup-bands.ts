import { gradeOverall } from '#shared/checkup/grading';

/**
 * docs/product.md §9, the admin's status bands: a total of 20-80 where higher means more
 * dysfunction. The admin's own scale, shown only in the Check-ups list: what speaks to a member
 * uses the grade they were shown (gradeOf).
 */
const statusBands = [
  { label: 'Consultant Energy', max: 34 },
  { label: 'Mostly Functional', max: 49 },
  { label: 'Hope & Coffee', max: 64 },
  { label: 'Send Snacks', max: Infinity },
] as const;

export function statusBand(score: number): string {
  return statusBands.find((band) => score <= band.max)!.label;
}

/** The grade the member was shown for this total, as the admin's list puts it beside the status band: "D, Please Send Snacks". */
export function gradeOf(score: number): string {
  const { grade, label } = gradeOverall(score);
  return `${grade}, ${label}`;
}

/** docs/product.md §9's score badge: up to 40 default, up to 60 secondary, else destructive. */
export function scoreBadge(score: number): 'default' | 'secondary' | 'destructive' {
  if (score <= 40) return 'default';
  if (score <= 60) return 'secondary';
  return 'destructive';
}

export const badgeClasses = {
  default: 'bg-brand-700 text-white',
  secondary: 'bg-stone-200 text-stone-900',
  destructive: 'bg-red-700 text-white',
} as const;

/** docs/product.md §9: premium users divided by newsletter signups, a rounded percent, 0 without signups. */
export function conversionRate(premium: number, newsletters: number): number {
  return newsletters > 0 ? Math.round((premium / newsletters) * 100) : 0;
}

/** docs/product.md §9: an approved ally's description cut to 100 characters. */
export function preview(text: string, length = 100): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
