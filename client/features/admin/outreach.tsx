import { useId } from 'react';
import { formatDate } from './list-table';
import { patch, useAdminChange } from './use-admin';

/** docs/product.md §4: the outreach checkbox; once done it shows the date. Errors show no toast (point 8). */
export function OutreachCheckbox({ list, id, completed, date, who }: { list: 'contacts' | 'checkups' | 'newsletters'; id: string; completed: boolean; date: string | null; who: string }) {
  const inputId = useId();
  const change = useAdminChange<boolean>({ request: (value) => patch(`/api/admin/${list}/${id}/outreach`, { completed: value }), lists: [list] });
  // Ticked at once: the change stays pending until the reloaded list holds the server's value.
  const checked = change.isPending && change.variables !== undefined ? change.variables : completed;
  return (
    <div className="flex items-center gap-2 whitespace-nowrap">
      <input
        id={inputId}
        type="checkbox"
        className="h-4 w-4 accent-brand-700"
        checked={checked}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.checked)}
      />
      <label htmlFor={inputId} className="text-sm">
        <span className="sr-only">Outreach done for {who}</span>
        {completed && checked ? <span>Done {formatDate(date)}</span> : <span aria-hidden="true">Pending</span>}
      </label>
    </div>
  );
}
