import { ROUND_MINIMUM } from '#shared/team-checkup/schemas';
import { site } from '#shared/site';
import { siteLongDate } from '#shared/site-time';
import type { Mail } from '../../mail/transport';
import type { OneClickLinks } from '../../mail/links';

/**
 * The team Check-Up's emails (decision 077), plain text (decision 075): the invitation with the
 * personal link, and the reminders (three days before the close, on the last day, and the
 * organiser's "remind now"). Each carries the address's preferences link and a one-click
 * List-Unsubscribe that leaves the team Check-Up's mail only (decision 071).
 */

export interface RoundMailInput {
  to: string;
  organiserName: string;
  roundName: string;
  closesAt: Date;
  /** The personal link: /team-checkup/answer/<token>. */
  link: string;
  links: OneClickLinks;
  timeZone: string;
}

const privacy = `Nobody sees your own answers: not the person who asked, not the others asked, not the site's staff. The team's result shows once ${ROUND_MINIMUM} people have answered.`;

const footer = (input: RoundMailInput) => `----
You get this because ${input.organiserName} asked you to take part in their team's Check-Up. Stop team Check-Up invitations and reminders: ${input.links.page}
`;

export function roundInvitationMail(input: RoundMailInput): Mail {
  const text = `Hello,

${input.organiserName} asks you to take the team Check-Up "${input.roundName}" on ${site.name}: the Check-Up's 20 statements about your organisation, and one question on your role.

Answer from your personal link. It works until the round closes at the end of ${siteLongDate(input.closesAt, input.timeZone)}, and no account is needed:
${input.link}

${privacy}

Your progress is kept as you go: open the link again later, on any device, and go on. Until the round closes, answering again replaces your answer.

The ${site.name} team

${footer(input)}`;
  return { to: input.to, subject: `${input.organiserName} asks you to take a team Check-Up`, text, headers: input.links.headers };
}

/** Which reminder: three days before the close, on the closing day, or the organiser's "remind now". */
export type RoundReminderKind = 'before' | 'last-day' | 'now';

export function roundReminderMail(input: RoundMailInput & { kind: RoundReminderKind }): Mail {
  const closing = siteLongDate(input.closesAt, input.timeZone);
  const lead =
    input.kind === 'last-day'
      ? `The team Check-Up "${input.roundName}" that ${input.organiserName} asked you to take closes today, at the end of ${closing}.`
      : input.kind === 'now'
        ? `${input.organiserName} reminds you of the team Check-Up "${input.roundName}": it closes at the end of ${closing}.`
        : `A reminder: the team Check-Up "${input.roundName}" that ${input.organiserName} asked you to take closes at the end of ${closing}.`;
  const text = `Hello,

${lead} You have not answered yet.

Answer from your personal link (you go on from where you stopped):
${input.link}

${privacy}

The ${site.name} team

${footer(input)}`;
  const subject = input.kind === 'last-day' ? 'Last day to answer the team Check-Up' : 'A reminder to answer the team Check-Up';
  return { to: input.to, subject, text, headers: input.links.headers };
}
