import { useState } from 'react';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { type FollowUpList, type FollowUpSequence, targetLabel } from '#shared/checkup/follow-ups';
import { Button } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api';
import { AdminSection, EmptyList } from '../admin-section';
import { switchOnSequenceText } from '../count-texts';
import { plural } from '#shared/plural';
import { Confirm, smallButton } from '../../../components/ui/confirm';
import { adminKey, useAdminChange, useAdminQuery } from '../use-admin';
import { SequenceEditor } from './sequence-editor';

/**
 * The admin's Follow-ups tab: the email sequences people get after the Check-Up, by weakest
 * pillar or the overall grade their results showed, with how many recent Check-Ups fall in each target and, per step,
 * what was sent, failed and stopped.
 */
export function FollowUpsPanel() {
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const list = useAdminQuery<FollowUpList>(adminKey('follow-ups'), adminApiPaths.adminFollowUps);

  if (list.isError) return <p role="alert">The follow-ups could not be loaded. Reload the page to try again.</p>;
  if (!list.data) return <p role="status">Loading follow-ups...</p>;
  const { sequences, recentAttempts, recentDays } = list.data;
  if (editing) {
    const sequence = sequences.find((s) => s.id === editing.id) ?? null;
    return <SequenceEditor key={editing.id ?? 'new'} sequence={sequence} onClose={() => setEditing(null)} />;
  }
  return (
    <AdminSection
      title="Check-Up follow-ups"
      intro="Finishing a Check-Up enrols the address in the sequence of its weakest pillar (ties: the first in Impact, Humans, Fuel, Gears, Future) and of the overall grade its results showed, when those are on. A retake starts again from the new result."
      actions={<Button onClick={() => setEditing({ id: null })}>New sequence</Button>}
    >
      {sequences.length === 0 ? (
        <EmptyList>No sequences yet. Write the first one with “New sequence”.</EmptyList>
      ) : (
        <ul className="grid gap-3">
          {sequences.map((sequence) => (
            <SequenceRow
              key={sequence.id}
              sequence={sequence}
              recent={recentAttempts[`${sequence.targetKind}:${sequence.target}`] ?? 0}
              recentDays={recentDays}
              onEdit={() => setEditing({ id: sequence.id })}
            />
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

function SequenceRow({ sequence, recent, recentDays, onEdit }: { sequence: FollowUpSequence; recent: number; recentDays: number; onEdit: () => void }) {
  const target = targetLabel(sequence.targetKind, sequence.target);
  const toggle = useAdminChange({
    request: (active: boolean) => apiRequest<FollowUpSequence>('POST', apiPath(adminApiPaths.adminFollowUpSwitch, { id: sequence.id }), { active }),
    lists: ['follow-ups'],
    success: (result) => ({
      title: result.active ? 'Sequence on' : 'Sequence off',
      description: result.active ? `People who finish the Check-Up in “${target}” now get “${result.name}”.` : `Nobody new is enrolled in “${result.name}”.`,
    }),
    failure: 'The sequence was not changed.',
  });
  return (
    <li className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-stone-900">{sequence.name}</h3>
          <p className="text-sm text-stone-700">
            {target} · {plural(recent, 'Check-Up')} in the last {recentDays} days · {sequence.enrolled.toLocaleString()} enrolled so far
            {sequence.stopOnPremium && ' · stops on premium'}
          </p>
          {sequence.targetNote && (
            <p role="note" className="mt-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-stone-900">
              Target changed: {sequence.targetNote}
            </p>
          )}
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${sequence.active ? 'bg-green-100 text-green-900' : 'bg-stone-100 text-stone-800'}`}>
          {sequence.active ? 'On' : 'Off'}
        </span>
      </div>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <div role="region" aria-label={`Steps of ${sequence.name}`} tabIndex={0} className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Steps of {sequence.name}: what was sent, failed and stopped</caption>
          <thead className="text-stone-700">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Step
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Delay
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Subject
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                Sent
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                Failed
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-semibold">
                On its way
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Stopped
              </th>
            </tr>
          </thead>
          <tbody>
            {sequence.steps.map((step, index) => (
              <tr key={step.id} className="border-t border-stone-200 text-stone-900">
                <td className="py-1 pr-3">{index + 1}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{plural(step.delayDays, 'day')}</td>
                <td className="py-1 pr-3 break-words">{step.subject}</td>
                <td className="py-1 pr-3 text-right">{step.stats.sent.toLocaleString()}</td>
                <td className="py-1 pr-3 text-right">{step.stats.failed.toLocaleString()}</td>
                <td className="py-1 pr-3 text-right">{step.stats.pending.toLocaleString()}</td>
                <td className="py-1 text-right">{step.stats.stopped.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${smallButton} border border-stone-300 hover:bg-stone-100`} onClick={onEdit}>
          Edit
        </button>
        {sequence.active ? (
          <Confirm
            title="Switch this sequence off?"
            description={`Nobody new is enrolled in “${sequence.name}”. People already in it still get its remaining steps.`}
            confirmLabel="Switch off"
            onConfirm={() => toggle.mutate(false)}
            trigger={
              <button type="button" className={`${smallButton} border border-stone-300 hover:bg-stone-100`}>
                Switch off
              </button>
            }
          />
        ) : (
          <Confirm
            title="Switch this sequence on?"
            description={switchOnSequenceText({ recent, recentDays, target, name: sequence.name, firstDelayDays: sequence.steps[0]?.delayDays ?? 0 })}
            confirmLabel="Switch on"
            onConfirm={() => toggle.mutate(true)}
            trigger={
              <button type="button" className={`${smallButton} bg-brand-700 text-white hover:bg-brand-800`}>
                Switch on
              </button>
            }
          />
        )}
      </div>
    </li>
  );
}
