import { type Pillar, pillarInfo } from '#shared/checkup/questions';
import { PLAN_DUE_SOON_DAYS } from '#shared/plans/schemas';
import { site } from '#shared/site';
import { calendarDate, siteLongDate } from '#shared/site-time';
import type { OneClickLinks } from '../../mail/links';
import type { Mail } from '../../mail/transport';

/**
 * The plans' emails (decision 081), plain text (decision 075): the daily digest of an owner's
 * actions due soon and overdue, and the reassessment reminder. Each carries the address's
 * preferences link and a one-click List-Unsubscribe that leaves plan reminders only (decision 071).
 */

export interface DigestItem {
  title: string;
  pillar: Pillar;
  dueOn: string;
  /** "your plan", or "Tess Owner’s team plan". */
  planLabel: string;
  planId: string;
}

const footer = (links: OneClickLinks) => `----
You get this because you own actions in a plan on ${site.name}. Stop plan reminders: ${links.page}
`;

const line = (item: DigestItem) => `- ${item.title} (${pillarInfo[item.pillar].name}), due ${calendarDate(item.dueOn)}, in ${item.planLabel}`;

/** One mail a day per owner, however many of their actions fall due: those due soon, then those overdue. */
export function digestMail(input: { to: string; name: string; publicUrl: string; dueSoon: DigestItem[]; overdue: DigestItem[]; links: OneClickLinks }): Mail {
  const count = input.dueSoon.length + input.overdue.length;
  const subject =
    input.overdue.length === 0
      ? `Your plan: ${count === 1 ? 'an action is' : `${count} actions are`} due soon`
      : input.dueSoon.length === 0
        ? `Your plan: ${count === 1 ? 'an action is' : `${count} actions are`} overdue`
        : `Your plan: ${count} actions due soon or overdue`;
  const plansLinked = [...new Set([...input.dueSoon, ...input.overdue].map((item) => item.planId))];
  const sections = [
    input.dueSoon.length ? `Due in the next ${PLAN_DUE_SOON_DAYS} days:\n${input.dueSoon.map(line).join('\n')}` : '',
    input.overdue.length ? `Overdue:\n${input.overdue.map(line).join('\n')}` : '',
  ].filter(Boolean);
  const text = `Hello ${input.name},

${sections.join('\n\n')}

Mark what is done, or move a date, on your plan:
${plansLinked.map((id) => `${input.publicUrl}/plans/${id}`).join('\n')}

You get one reminder when an action is due soon and one when it is overdue, at most one email a day.

The ${site.name} team

${footer(input.links)}`;
  return { to: input.to, subject, text, headers: input.links.headers };
}

/** On the plan's reassessment date: take the Check-Up again (personal), or start the team's next round (team). */
export function reassessMail(input: {
  to: string;
  name: string;
  kind: 'personal' | 'team';
  startedAt: Date;
  planId: string;
  publicUrl: string;
  timeZone: string;
  links: OneClickLinks;
}): Mail {
  const began = siteLongDate(input.startedAt, input.timeZone);
  const body =
    input.kind === 'personal'
      ? `Your plan began on ${began}: it is time to take the Check-Up again and see what changed. Your next result shows, for each pillar you planned, the change since the plan began beside what was done.

Take the Check-Up:
${input.publicUrl}/checkup`
      : `Your team's plan began on ${began}: it is time for the team's next Check-Up round, to see what changed. Its result shows, for each pillar planned, the change since the plan began beside what was done.

Start the next round:
${input.publicUrl}/team-checkup`;
  const text = `Hello ${input.name},

${body}

The plan:
${input.publicUrl}/plans/${input.planId}

The ${site.name} team

${footer(input.links)}`;
  const subject = input.kind === 'personal' ? 'Time to take the Check-Up again' : 'Time for your team’s next Check-Up round';
  return { to: input.to, subject, text, headers: input.links.headers };
}
