import { plural } from '#shared/plural';

/** The admin's texts that put a count before a noun, agreeing with it at 1 (and plain at 0). */
export const subscribersNowText = (count: number) => `${plural(count, 'subscriber')} now`;

export function archiveOfferText({ label, redeemed }: { label: string; redeemed: number }): string {
  const members =
    redeemed === 0 ? 'No one has redeemed it.' : `The ${plural(redeemed, 'member who redeemed it keeps', 'members who redeemed it keep')} its terms.`;
  return `“${label}” stops applying from its link now. ${members}`;
}

export function cancelWebinarText({ title, signups }: { title: string; signups: number }): string {
  const told =
    signups === 0
      ? '; no one had signed up.'
      : ` and the ${plural(signups, 'person signed up gets', 'people signed up get')} an email that removes it from their calendar.`;
  return `“${title}” is cancelled${told} This cannot be undone.`;
}

export function switchOnSequenceText(input: { recent: number; recentDays: number; target: string; name: string; firstDelayDays: number }): string {
  return `${plural(input.recent, 'Check-Up')} of the last ${plural(input.recentDays, 'day')} fell in “${input.target}”. From now on, everyone who finishes the Check-Up there gets “${input.name}”, step 1 after ${plural(input.firstDelayDays, 'day')}.`;
}
