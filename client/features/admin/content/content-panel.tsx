import { useState } from 'react';
import { adminApiPaths } from '#shared/api/admin-paths';
import { type ContentSection, type ContentSummary, contentSections, openSections, sectionLabels } from '#shared/content/pages';
import { pillarNames } from '#shared/content/pillars';
import { Button } from '../../../components/ui/button';
import { useAdminTime } from '../admin-time';
import { adminKey, useAdminQuery } from '../use-admin';
import { ContentEditor } from './content-editor';
import { newItemLabels, scheduledChangeText, statusText } from './content-status';
import { AdminSection } from '../admin-section';

const statusClass = { draft: 'bg-stone-100 text-stone-800', scheduled: 'bg-amber-100 text-amber-900', published: 'bg-green-100 text-green-900' };

/** Where a plan action belongs, under its title: "Gears · statement 13" or "Gears · the whole pillar". */
const placeOf = (item: ContentSummary) => (item.pillar ? `${item.pillar} · ${item.statement ? `statement ${item.statement}` : 'the whole pillar'}` : 'No pillar yet');

/**
 * The admin's Content tab: every page and resource of the site by section, with its
 * status (a live page with a change scheduled shows both), its last change (a save, a publish,
 * scheduled or not, an unpublish) and who made it; a page opens in the editor, and the open
 * sections take new items. The plan actions (fifteen a pillar) are shown one pillar at a time.
 */
export function ContentPanel() {
  const [editing, setEditing] = useState<{ id: string } | { section: ContentSection } | null>(null);
  const [actionsPillar, setActionsPillar] = useState<string>(pillarNames[0]);
  const list = useAdminQuery<{ items: ContentSummary[] }>(adminKey('content'), adminApiPaths.adminContent);
  const time = useAdminTime();

  if (editing) return <ContentEditor key={'id' in editing ? editing.id : `new-${editing.section}`} open={editing} onClose={() => setEditing(null)} onCreated={(id) => setEditing({ id })} />;
  if (list.isError) return <p role="alert">The content could not be loaded. Reload the page to try again.</p>;
  if (!list.data) return <p role="status">Loading the content...</p>;
  const items = list.data.items;

  return (
    <AdminSection
      title="Content"
      intro="Pages and resources of the site. A published change shows on every page at once; every published version is kept."
      className="grid gap-6"
    >
      {contentSections.map((section) => {
        const all = items.filter((item) => item.section === section);
        const isActions = section === 'actions';
        const inSection = isActions && actionsPillar ? all.filter((item) => (item.pillar ?? '') === actionsPillar) : all;
        return (
          <section key={section} aria-labelledby={`content-${section}`} className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`content-${section}`} className="font-semibold text-stone-900">
                {sectionLabels[section]} <span className="font-normal text-stone-600">({all.length})</span>
              </h3>
              {isActions && (
                <label className="flex items-center gap-2 text-sm text-stone-800">
                  <span>Show</span>
                  <select value={actionsPillar} onChange={(event) => setActionsPillar(event.target.value)} className="h-9 rounded-md border border-stone-300 bg-white px-2">
                    {pillarNames.map((name) => (
                      <option key={name} value={name}>
                        {name} ({all.filter((item) => item.pillar === name).length})
                      </option>
                    ))}
                    <option value="">All pillars ({all.length})</option>
                  </select>
                </label>
              )}
              {openSections.includes(section) && (
                <Button size="sm" variant="outline" onClick={() => setEditing({ section })}>
                  {newItemLabels[section]}
                </Button>
              )}
            </div>
            {inSection.length === 0 ? (
              <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-700">Nothing here yet.</p>
            ) : (
              <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
                {inSection.map((item) => {
                  const scheduledChange = scheduledChangeText(item, time);
                  return (
                    <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                      <div className="min-w-0">
                        <p className="break-words font-medium text-stone-900">{item.title}</p>
                        {isActions && <p className="text-sm text-stone-700">{placeOf(item)}</p>}
                        <p className="break-words text-sm text-stone-600">
                          Last change {item.updatedBy ? `by ${item.updatedBy} ` : ''}on {time.dateTime(item.updatedAt)}
                        </p>
                      </div>
                      <div className="flex flex-wrap items-center gap-2">
                        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusClass[item.status]}`}>{statusText(item, time)}</span>
                        {scheduledChange && <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${statusClass.scheduled}`}>{scheduledChange}</span>}
                        <Button size="sm" variant="outline" onClick={() => setEditing({ id: item.id })} aria-label={`Edit ${item.title}`}>
                          Edit
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </AdminSection>
  );
}
