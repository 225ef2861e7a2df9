import { useState } from 'react';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import type { ContentItem, ContentVersion, ContentVersionSummary } from '#shared/content/pages';
import { apiRequest, errorText } from '../../../lib/api';
import { Confirm, smallButton } from '../../../components/ui/confirm';
import { useAdminTime } from '../admin-time';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';

/** Every published version of an item, newest first: what each changed, and a way back to it (as a new version). */
export function VersionHistory({ item, onRestored }: { item: ContentItem; onRestored: (item: ContentItem) => void }) {
  const versions = useAdminQuery<{ versions: ContentVersionSummary[] }>(adminKey('content', item.id, 'versions', item.version, item.publishedAt ?? ''), apiPath(adminApiPaths.adminContentVersions, { id: item.id }));
  return (
    <section aria-labelledby="versions-heading" className="grid gap-2">
      <h3 id="versions-heading" className="font-semibold text-stone-900">
        Published versions
      </h3>
      {!versions.data ? (
        <p role="status">Loading the versions...</p>
      ) : versions.data.versions.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-700">Not published yet: the first publish becomes version 1.</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {versions.data.versions.map((version) => (
            <VersionRow key={version.number} item={item} version={version} onRestored={onRestored} />
          ))}
        </ul>
      )}
    </section>
  );
}

function VersionRow({ item, version, onRestored }: { item: ContentItem; version: ContentVersionSummary; onRestored: (item: ContentItem) => void }) {
  const [open, setOpen] = useState(false);
  const time = useAdminTime();
  const detail = useAdminQuery<ContentVersion>(adminKey('content', item.id, 'version', version.number), apiPath(adminApiPaths.adminContentVersion, { id: item.id, number: String(version.number) }), open);
  const restore = useAdminChange({
    request: () => apiRequest<ContentItem>('POST', apiPath(adminApiPaths.adminContentRestore, { id: item.id, number: String(version.number) }), {}),
    lists: ['content'],
    success: () => ({ title: 'Version restored', description: `Version ${version.number} is live again, as a new version.` }),
    failure: (error) => ({ title: 'Not restored', description: errorText(error, 'Please try again.') }),
  });
  return (
    <li className="grid gap-2 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-800">
          <span className="font-semibold">Version {version.number}</span>
          {version.live && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Live</span>}
          <span className="block text-stone-600">
            {time.dateTime(version.publishedAt)}
            {version.publishedBy && ` by ${version.publishedBy}`}
          </span>
        </p>
        <div className="flex gap-2">
          <button type="button" aria-expanded={open} className={`${smallButton} border border-stone-300 hover:bg-stone-100`} onClick={() => setOpen(!open)}>
            {open ? 'Hide changes' : 'See changes'}
          </button>
          {!version.live && (
            <Confirm
              title={`Restore version ${version.number}?`}
              description={`Its text is published again as a new version, live at once. Nothing in the history is deleted.`}
              confirmLabel="Restore"
              onConfirm={() => restore.mutate(undefined, { onSuccess: onRestored })}
              trigger={
                <button type="button" className={`${smallButton} border border-brand-700 text-brand-800 hover:bg-brand-50`}>
                  Restore
                </button>
              }
            />
          )}
        </div>
      </div>
      {open &&
        (!detail.data ? (
          <p role="status">Loading...</p>
        ) : (
          <div>
            <p className="mb-1 text-sm text-stone-700">{version.number === 1 ? 'The first version:' : `Changes from version ${version.number - 1}:`}</p>
            <pre tabIndex={0} aria-label={`Changes in version ${version.number}`} className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md border border-stone-200 bg-stone-50 p-2 text-sm">
              {detail.data.changes.map((change, index) =>
                change.kind === 'added' ? (
                  <ins key={index} className="block bg-green-100 text-green-950 no-underline">
                    {prefixLines(change.text, '+ ')}
                  </ins>
                ) : change.kind === 'removed' ? (
                  <del key={index} className="block bg-red-100 text-red-950 no-underline">
                    {prefixLines(change.text, '- ')}
                  </del>
                ) : (
                  <span key={index} className="block text-stone-600">
                    {prefixLines(change.text, '  ')}
                  </span>
                ),
              )}
            </pre>
          </div>
        ))}
    </li>
  );
}

const prefixLines = (text: string, prefix: string) =>
  text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
