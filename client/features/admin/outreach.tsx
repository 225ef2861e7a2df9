import { useId } from 'react';
import { adminOutreachPaths, apiPath, type OutreachList } from '#shared/api/paths';
import { useListDate } from './list-table';
import { patch, useAdminChange } from './use-admin';
import { useSentValue } from './use-sent-value';

/** docs/product.md §4: the outreach checkbox; once done it shows the date. Errors show no toast (docs/product.md §8). */
export function OutreachCheckbox({ list, id, completed, date, who }: { list: OutreachList; id: string; completed: boolean; date: string | null; who: string }) {
  const formatDate = useListDate();
  const inputId = useId();
  const change = useAdminChange<boolean>({ request: (value) => patch(apiPath(adminOutreachPaths[list], { id }), { completed: value }), lists: [list] });
  const box = useSentValue(change, completed);
  return (
    <div className="flex items-center gap-2 whitespace-nowrap">
      <input id={inputId} type="checkbox" className="h-4 w-4 accent-brand-700" checked={box.value} onChange={(event) => box.send(event.target.checked)} />
      <label htmlFor={inputId} className="text-sm">
        <span className="sr-only">Outreach done for {who}</span>
        {completed && box.value ? <span>Done {formatDate(date)}</span> : <span aria-hidden="true">Pending</span>}
      </label>
    </div>
  );
}
