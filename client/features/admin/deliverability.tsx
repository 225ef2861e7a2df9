import type { DeliverabilityReport, DnsCheck, DnsVerdict } from '#shared/admin/deliverability';
import { adminApiPaths } from '#shared/api/admin-paths';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { useAdminTime } from './admin-time';
import { adminKey, useAdminQuery } from './use-admin';

const verdicts: Record<DnsVerdict, { label: string; className: string }> = {
  good: { label: 'Good', className: 'border-green-700 bg-green-50 text-green-900' },
  warning: { label: 'Needs attention', className: 'border-amber-700 bg-amber-50 text-amber-900' },
  problem: { label: 'Problem', className: 'border-red-700 bg-red-50 text-red-900' },
  'lookup-failed': { label: 'Lookup failed', className: 'border-stone-600 bg-stone-100 text-stone-900' },
};

const purpose: Record<DnsCheck['name'], string> = {
  SPF: 'which servers may send mail for the domain',
  DKIM: 'the key that proves a message was signed by this site and not changed',
  DMARC: 'what receivers do with mail that fails the other two',
};

/**
 * The sending domain's SPF, DKIM and DMARC records as receivers see them (decision 044), checked
 * when the tab opens and again on "Check again", each with what to change.
 */
export function DeliverabilityPanel() {
  const query = useAdminQuery<DeliverabilityReport>(adminKey('deliverability'), adminApiPaths.adminDeliverability);
  const time = useAdminTime();
  const report = query.data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-2">
        <h2 className="font-serif text-xl font-bold text-stone-900">Deliverability{report ? ` of ${report.domain}` : ''}</h2>
        <p className="text-sm text-stone-700">
          Receivers such as Gmail and Outlook check three DNS records of the domain in MAIL_FROM before they trust its mail. This asks DNS now; a record you
          just changed can take up to its TTL (often an hour) to show.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Checking…' : 'Check again'}
          </Button>
          <p role="status" className="text-sm text-stone-700">
            {query.isFetching ? 'Checking the DNS records…' : report ? `Checked ${time.dateTime(report.checkedAt)}.` : ''}
          </p>
        </div>
      </div>
      {query.isError && !query.isFetching && (
        <p role="alert" className="rounded border border-red-700 bg-red-50 p-3 text-red-900">
          The check could not be run. {query.error instanceof ApiError ? query.error.serverMessage : 'The server did not answer.'} Try &ldquo;Check
          again&rdquo;.
        </p>
      )}
      {report && (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-4">
          {report.checks.map((check) => (
            <li key={check.name}>
              <CheckCard check={check} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CheckCard({ check }: { check: DnsCheck }) {
  const verdict = verdicts[check.verdict];
  const id = `deliverability-${check.name.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid grid-cols-[minmax(0,1fr)] gap-2 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={id} className="text-lg font-bold text-stone-900">
          {check.name}
        </h3>
        <span className={`rounded border px-2 py-0.5 text-sm font-semibold ${verdict.className}`}>{verdict.label}</span>
        <span className="text-sm text-stone-700">{purpose[check.name]}</span>
      </div>
      <p className="text-stone-900 [overflow-wrap:anywhere]">{check.summary}</p>
      {check.lookedUp && (
        <p className="text-sm text-stone-700">
          Looked up: TXT at <code className="break-all">{check.lookedUp}</code>
        </p>
      )}
      {check.found.length > 0 && (
        <div className="text-sm">
          <p className="text-stone-700">Found:</p>
          <ul className="grid gap-1">
            {check.found.map((record, i) => (
              <li key={i}>
                <code className="block break-all rounded bg-stone-100 px-2 py-1 text-stone-900">{record}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {check.fix && (
        <p className="rounded border-l-4 border-brand-700 bg-stone-50 px-3 py-2 text-stone-900 [overflow-wrap:anywhere]">
          <strong>What to do: </strong>
          {check.fix}
        </p>
      )}
    </section>
  );
}
