import type { ActionStatus } from '#shared/plans/schemas';

const badge = 'shrink-0 rounded-full px-2.5 py-0.5 text-sm font-semibold';

/** An action's status badge: done green, in progress blue-green, dropped grey, planned plain. */
export function actionStatusClass(status: ActionStatus): string {
  if (status === 'done') return `${badge} bg-green-100 text-green-900`;
  if (status === 'in-progress') return `${badge} bg-brand-100 text-brand-800`;
  if (status === 'dropped') return `${badge} bg-stone-200 text-stone-700`;
  return `${badge} border border-stone-300 text-stone-800`;
}
