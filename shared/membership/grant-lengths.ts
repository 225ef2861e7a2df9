/**
 * How long an admin's grant of premium lasts (decision 052). A time-limited grant
 * ends by itself at its end; "without end" lasts until an admin revokes it.
 */
export const grantLengths = ['1_week', '1_month', '6_months', '1_year', 'without_end'] as const;
export type GrantLength = (typeof grantLengths)[number];

export const grantLengthLabels: Record<GrantLength, string> = {
  '1_week': '1 week',
  '1_month': '1 month',
  '6_months': '6 months',
  '1_year': '1 year',
  without_end: 'Without end',
};

const monthsOf: Partial<Record<GrantLength, number>> = { '1_month': 1, '6_months': 6, '1_year': 12 };

/**
 * When a grant given at `from` ends, or null without end. Months are calendar months, to the same
 * time of day; a day the target month lacks becomes its last (31 January + 1 month = 28 or 29
 * February, not 3 March).
 */
export function grantEnd(length: GrantLength, from: Date): Date | null {
  if (length === 'without_end') return null;
  if (length === '1_week') return new Date(from.getTime() + 7 * 24 * 60 * 60 * 1000);
  const months = monthsOf[length] ?? 0;
  const end = new Date(from.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
