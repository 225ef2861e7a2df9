/** "+4.5 points", "-2 points", "No change"; "Shown from 10 plans on" while too few plans have a result to say it. */
export function averageChangeText(change: number | null, minimum: number): string {
  if (change === null) return `Shown from ${minimum} plans on`;
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return 'No change';
  return `${rounded > 0 ? '+' : ''}${rounded} ${Math.abs(rounded) === 1 ? 'point' : 'points'}`;
}
