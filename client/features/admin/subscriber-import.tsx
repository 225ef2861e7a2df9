import { useState } from 'react';
import { adminApiPaths } from '#shared/api/admin-paths';
import { type ImportReport, importOutcomeLabels, type ImportOutcome, IMPORT_LIMITS } from '#shared/newsletter/import';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest, errorText } from '../../lib/api';
import { useQueryClient } from '../../lib/query-client';
import { adminKey } from './use-admin';

const outcomes = Object.keys(importOutcomeLabels) as ImportOutcome[];

/**
 * Importing subscribers from another tool: choose a CSV (email, name, organisation),
 * see what would be added, updated and skipped, then import. Nobody who unsubscribed is
 * resubscribed by an import.
 */
export function SubscriberImport() {
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (apply: boolean, file = csv) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const report = await apiRequest<ImportReport>('POST', adminApiPaths.adminNewsletterImport, { csv: file.text, apply });
      if (apply) {
        toast({ title: 'Import done', description: `${report.counts.added} added, ${report.counts.updated} updated.` });
        setCsv(null);
        setPreview(null);
        await queryClient.invalidateQueries({ queryKey: adminKey('newsletters') });
      } else setPreview(report);
    } catch (failure) {
      // The server's words about the file itself (too large, too many rows), else its message.
      setError((failure instanceof ApiError && failure.errors?.csv) || errorText(failure, 'The file could not be read. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="import-heading" className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <h3 id="import-heading" className="font-semibold text-stone-900">
        Import subscribers
      </h3>
      <p className="text-sm text-stone-700">
        A CSV with the columns email, name and organization (a header row names them; without one they are read in that order). You see what will happen before
        anything changes.
      </p>
      <label className="grid gap-1 text-sm font-medium text-stone-800">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          className="text-sm"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            setPreview(null);
            if (!file) return setCsv(null);
            if (file.size > IMPORT_LIMITS.bytes) return setError('The file is larger than 5 MB: split it into smaller files.');
            const chosen = { name: file.name, text: await file.text() };
            setCsv(chosen);
            await run(false, chosen);
          }}
        />
      </label>
      {busy && <p role="status">Reading the file...</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {preview && (
        <div className="grid gap-3">
          <ul className="grid gap-1 text-sm">
            {outcomes.map((outcome) => (
              <li key={outcome}>
                <strong>{preview.counts[outcome].toLocaleString()}</strong> {importOutcomeLabels[outcome]}
              </li>
            ))}
          </ul>
          {preview.samples.some((sample) => sample.outcome !== 'added') && (
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">Rows that will not be added</summary>
              <ul className="mt-2 grid gap-1">
                {preview.samples
                  .filter((sample) => sample.outcome !== 'added')
                  .map((sample) => (
                    <li key={`${sample.line}-${sample.outcome}`} className="break-all">
                      Line {sample.line}: {sample.email || '(empty)'}: {importOutcomeLabels[sample.outcome]}
                    </li>
                  ))}
              </ul>
            </details>
          )}
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy || preview.counts.added + preview.counts.updated === 0} onClick={() => void run(true)}>
              Import {preview.counts.added.toLocaleString()} new and update {preview.counts.updated.toLocaleString()}
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setCsv(null);
                setPreview(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
