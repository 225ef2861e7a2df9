/** "+4.5 points", "-2 points", "No change"; "Shown from 10 plans on" while too few plans have a result to say it. */
export function averageChangeText(change: number | null, minimum: number): string {
  if (change === null) return `Shown from ${minimum} plans on`;
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return 'No change';
  return `${rounded > 0 ? '+' : ''}${rounded} ${Math.abs(rounded) === 1 ? 'point' : 'points'}`;
}

/** When the figures were counted: a job counts them every 15 minutes, so a plan made just now may not be in them yet. */
export function countedText(asOf: string | null, dateTime: (instant: string) => string): string {
  if (asOf === null) return 'Not counted yet: the figures are counted every 15 minutes.';
  return `Counted on ${dateTime(asOf)}, and again every 15 minutes.`;
}
