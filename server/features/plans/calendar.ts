import { pillarInfo } from '#shared/checkup/questions';
import { allDayCalendar } from '../../mail/ics';
import type { ActionWithOwner, PlanRow } from './repo';

/** The plan's due dates as all-day events (actions done or dropped left out), each linking to the plan. */
export function planCalendar(publicUrl: string, plan: PlanRow, actions: ActionWithOwner[]): string {
  const host = new URL(publicUrl).host;
  const url = `${publicUrl}/plans/${plan.id}`;
  const events = actions
    .filter((action) => action.dueOn && (action.status === 'planned' || action.status === 'in-progress'))
    .map((action) => ({
      uid: `plan-action-${action.id}@${host}`,
      title: action.title,
      description: `${pillarInfo[action.pillar].name}${action.ownerName ? `, ${action.ownerName}` : ''}. ${url}`,
      url,
      day: action.dueOn!,
    }));
  return allDayCalendar(plan.kind === 'team' ? 'Team plan' : 'My plan', events);
}
