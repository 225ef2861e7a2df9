import { useState } from 'react';
import type { AdminBounce, AdminSuppression } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import { type BounceKind, bounceKindLabels, bounceKinds, bounceSourceLabels } from '#shared/newsletter/bounces';
import { apiRequest } from '../../lib/api';
import { Confirm, smallOutlineButton } from '../../components/ui/confirm';
import { FilterSelect } from './filter-select';
import { ListTable, useListDate } from './list-table';
import { useAdminChange } from './use-admin';

const newest = { value: '-createdAt', label: 'Newest first' };
const oldest = { value: 'createdAt', label: 'Oldest first' };
const byEmail = { value: 'email', label: 'Email A-Z' };

/**
 * What came back about editions (decision 043): each bounce and complaint with the mail server's
 * own words, and the addresses editions no longer go to, each of which an admin can lift.
 */
export function BouncesPanel() {
  const formatDate = useListDate();
  const [kind, setKind] = useState<BounceKind | ''>('');
  const lift = useAdminChange<string>({
    request: (email) => apiRequest('POST', adminApiPaths.adminSuppressionLift, { email }),
    lists: ['suppressions', 'newsletters'],
    success: 'Suppression lifted: editions go to this address again if it is subscribed',
    failure: 'Failed to lift the suppression',
  });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-10">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <FilterSelect label="Kind" everyLabel="Every kind" value={kind} values={bounceKinds} labels={bounceKindLabels} onChange={setKind} />
        <ListTable<AdminBounce>
          list="bounces"
          title="Bounces and complaints"
          status={kind || undefined}
          sorts={[newest, oldest, byEmail]}
          columns={[
            { header: 'Email', cell: (b) => <span className="break-all">{b.email}</span> },
            { header: 'Kind', cell: (b) => bounceKindLabels[b.kind] },
            { header: 'Edition', cell: (b) => b.editionTitle || '—', wideOnly: true },
            { header: 'Status', cell: (b) => b.status || '—' },
            { header: 'Diagnostic', cell: (b) => <span className="break-words">{b.diagnostic || '—'}</span> },
            { header: 'From', cell: (b) => bounceSourceLabels[b.source], wideOnly: true },
            { header: 'Received', cell: (b) => formatDate(b.createdAt), wideOnly: true },
          ]}
        />
      </div>
      <ListTable<AdminSuppression>
        list="suppressions"
        title="Suppressed addresses"
        sorts={[newest, oldest, byEmail]}
        columns={[
          { header: 'Email', cell: (s) => <span className="break-all">{s.email}</span> },
          { header: 'Why', cell: (s) => <span className="break-words">{s.reason}</span> },
          { header: 'Since', cell: (s) => formatDate(s.createdAt), wideOnly: true },
          {
            header: 'Actions',
            cell: (s) => (
              <Confirm
                title="Lift this suppression?"
                description={`Editions go to ${s.email} again if it is still subscribed. An address that unsubscribed or complained stays unsubscribed. Its bounces stay on record.`}
                confirmLabel="Lift suppression"
                onConfirm={() => lift.mutate(s.email)}
                trigger={
                  <button type="button" className={smallOutlineButton} aria-label={`Lift the suppression of ${s.email}`}>
                    Lift
                  </button>
                }
              />
            ),
          },
        ]}
      />
    </div>
  );
}
