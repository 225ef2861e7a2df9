import * as Dialog from '@radix-ui/react-dialog';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { type SubscriberStatus, subscriberStatuses, subscriberStatusLabels } from '#shared/newsletter/schemas';
import type { AdminAlly, AdminCheckup, AdminContact, AdminNewsletter, AdminSignup, AdminUser, AuditEntry } from '#shared/admin/schemas';
import { contactStatuses } from '#shared/admin/schemas';
import { apiPath } from '#shared/api/paths';
import { adminApiPaths } from '#shared/api/admin-paths';
import { useUser } from '../auth/use-user';
import { badgeClasses, gradeOf, preview, scoreBadge, statusBand } from './checkup-bands';
import { Confirm, smallButton, smallOutlineButton } from '../../components/ui/confirm';
import { FilterSelect } from './filter-select';
import { fullName, ListTable, useListDate } from './list-table';
import { useAdminTime } from './admin-time';
import { OutreachCheckbox } from './outreach';
import { GrantForButton } from './grant-dialog';
import { PremiumSwitch } from './premium-switch';
import { SubscriberImport } from './subscriber-import';
import { useSentValue } from './use-sent-value';
import { patch, remove, useAdminChange } from './use-admin';

const newest = { value: '-createdAt', label: 'Newest first' };
const oldest = { value: 'createdAt', label: 'Oldest first' };
const byEmail = { value: 'email', label: 'Email A-Z' };
const danger = `${smallButton} bg-red-700 text-white hover:bg-red-800`;
const primary = `${smallButton} bg-brand-700 text-white hover:bg-brand-800`;

export function UsersList() {
  const formatDate = useListDate();
  const { user: me } = useUser();
  const setAdmin = useAdminChange<{ id: string; isAdmin: boolean }>({
    request: ({ id, isAdmin }) => patch(apiPath(adminApiPaths.adminUserAdmin, { id }), { isAdmin }),
    lists: ['users'],
    success: 'User admin status updated',
    failure: 'Failed to update user',
  });
  const deleteUser = useAdminChange<string>({
    request: (id) => remove(apiPath(adminApiPaths.adminUser, { id })),
    lists: ['users'],
    success: 'User deleted',
    failure: 'Failed to delete user',
  });
  return (
    <ListTable<AdminUser>
      list="users"
      title="Users"
      sorts={[newest, oldest, byEmail, { value: 'lastName', label: 'Last name A-Z' }]}
      columns={[
        { header: 'Name', cell: (u) => fullName(u) || '—', wideOnly: true },
        { header: 'Email', cell: (u) => <span className="break-all">{u.email}</span> },
        { header: 'Joined', cell: (u) => formatDate(u.createdAt), wideOnly: true },
        {
          // Admin, Premium and Delete share one cell that wraps: on a phone they stack beside the email.
          header: 'Actions',
          cell: (u) => (
            <div className="flex flex-wrap gap-2">
              <AdminToggle user={u} me={me?.id} onChange={(isAdmin) => setAdmin.mutate({ id: u.id, isAdmin })} />
              <PremiumSwitch user={u} className={u.isPremium ? primary : smallOutlineButton} />
              <GrantForButton user={u} />
              <Confirm
                title="Delete this user?"
                description={`${u.email} will be deleted permanently: their account, sessions and subscription end now.${u.id === me?.id ? ' This is your own account.' : ''}`}
                confirmLabel="Delete user"
                destructive
                onConfirm={() => deleteUser.mutate(u.id)}
                trigger={
                  <button type="button" className={danger} aria-label={`Delete ${u.email}`}>
                    Delete
                  </button>
                }
              />
            </div>
          ),
        },
      ]}
    />
  );
}

/**
 * The Admin toggle: one name and one word whatever its state (the state is aria-pressed, the
 * filled style and the tick), so what is read out always contains what is seen. Removing one's
 * own admin access ends this dashboard for them at once, so it is asked first.
 */
function AdminToggle({ user, me, onChange }: { user: AdminUser; me: string | undefined; onChange: (isAdmin: boolean) => void }) {
  const own = user.id === me && user.isAdmin;
  const button = (
    <button
      type="button"
      className={user.isAdmin ? primary : smallOutlineButton}
      aria-pressed={user.isAdmin}
      aria-label={`Admin: ${user.email}`}
      onClick={own ? undefined : () => onChange(!user.isAdmin)}
    >
      {user.isAdmin && <Check className="h-4 w-4" aria-hidden="true" />}
      Admin
    </button>
  );
  if (!own) return button;
  return (
    <Confirm
      title="Remove your own admin access?"
      description="You will lose this dashboard at once, and only another admin can give it back. The last admin cannot remove their own access."
      confirmLabel="Remove my admin access"
      destructive
      onConfirm={() => onChange(false)}
      trigger={button}
    />
  );
}

export function NewslettersList() {
  const formatDate = useListDate();
  const [state, setState] = useState<SubscriberStatus | ''>('');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <FilterSelect
        label="Subscription state"
        everyLabel="Every state"
        value={state}
        values={subscriberStatuses}
        labels={subscriberStatusLabels}
        onChange={setState}
      />
      <ListTable<AdminNewsletter>
        list="newsletters"
        title="Newsletter signups"
        status={state || undefined}
        sorts={[newest, oldest, byEmail, { value: 'name', label: 'Name A-Z' }]}
        columns={[
          { header: 'Name', cell: (n) => n.name || '—', wideOnly: true },
          { header: 'Email', cell: (n) => n.email },
          { header: 'Organization', cell: (n) => n.organization || '—', wideOnly: true },
          { header: 'Signed up', cell: (n) => formatDate(n.createdAt), wideOnly: true },
          { header: 'Subscription', cell: (n) => subscriberStatusLabels[n.status] },
          { header: 'Status', cell: (n) => (n.upgraded ? 'Upgraded to Premium' : 'Free Resources') },
          {
            header: 'Outreach',
            cell: (n) => <OutreachCheckbox list="newsletters" id={n.id} completed={n.outreachCompleted} date={n.outreachDate} who={n.email} />,
          },
        ]}
      />
      <SubscriberImport />
    </div>
  );
}

export function SignupsList() {
  const formatDate = useListDate();
  return (
    <ListTable<AdminSignup>
      list="signups"
      title="Community signups"
      sorts={[newest, oldest, byEmail, { value: 'signupType', label: 'Type A-Z' }]}
      columns={[
        { header: 'Name', cell: (s) => s.name || '—' },
        { header: 'Email', cell: (s) => s.email },
        { header: 'Organization', cell: (s) => s.organization || '—' },
        { header: 'Type', cell: (s) => s.signupType },
        { header: 'Signed up', cell: (s) => formatDate(s.createdAt) },
      ]}
    />
  );
}

export function CheckupsList() {
  const formatDate = useListDate();
  return (
    <ListTable<AdminCheckup>
      list="checkups"
      title="Check-up results"
      sorts={[newest, oldest, byEmail, { value: 'score', label: 'Score, lowest first' }, { value: '-score', label: 'Score, highest first' }]}
      columns={[
        { header: 'Email', cell: (c) => c.email },
        {
          header: 'Score',
          cell: (c) => (
            <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${badgeClasses[scoreBadge(c.score)]}`}>
              {c.score}/80
            </span>
          ),
        },
        { header: 'Status', cell: (c) => statusBand(c.score) },
        // The admin's band and the member's grade disagree: both, so an email is never written from the wrong one.
        { header: 'Grade shown', cell: (c) => gradeOf(c.score) },
        {
          header: 'Pillars',
          cell: (c) =>
            Object.entries(c.categoryScores)
              .map(([k, v]) => `${k} ${v}`)
              .join(', '),
        },
        { header: 'Taken', cell: (c) => formatDate(c.createdAt) },
        { header: 'Attempt', cell: (c) => `#${c.attemptNumber}` },
        { header: 'Outreach', cell: (c) => <OutreachCheckbox list="checkups" id={c.id} completed={c.outreachCompleted} date={c.outreachDate} who={c.email} /> },
      ]}
    />
  );
}

function useAllyChanges() {
  return {
    approve: useAdminChange<string>({
      request: (id) => patch(apiPath(adminApiPaths.adminAllyApprove, { id })),
      lists: ['allies'],
      success: 'Ally approved',
      failure: 'Failed to approve ally',
    }),
    unapprove: useAdminChange<string>({
      request: (id) => patch(apiPath(adminApiPaths.adminAllyUnapprove, { id })),
      lists: ['allies'],
      success: 'Ally moved to pending review',
      failure: 'Failed to unapprove ally',
    }),
    verify: useAdminChange<string>({
      request: (id) => patch(apiPath(adminApiPaths.adminAllyVerify, { id })),
      lists: ['allies'],
      success: 'Ally marked as verified',
      failure: 'Failed to verify ally',
    }),
    remove: useAdminChange<string>({
      request: (id) => remove(apiPath(adminApiPaths.adminAlly, { id })),
      lists: ['allies'],
      success: 'Ally deleted',
      failure: 'Failed to delete ally',
    }),
  };
}

function DeleteAlly({ ally, onConfirm }: { ally: AdminAlly; onConfirm: () => void }) {
  return (
    <Confirm
      title="Delete this ally?"
      description={`${ally.name} will be deleted permanently, with its reviews. This cannot be undone.`}
      confirmLabel="Delete ally"
      destructive
      onConfirm={onConfirm}
      trigger={
        <button type="button" className={danger} aria-label={`Delete ${ally.name}`}>
          Delete
        </button>
      }
    />
  );
}

export function AlliesLists() {
  const formatDate = useListDate();
  const change = useAllyChanges();
  const allyColumns = [
    { header: 'Name', cell: (a: AdminAlly) => <span className="font-semibold">{a.name}</span> },
    { header: 'Category', cell: (a: AdminAlly) => a.category },
    { header: 'Submitted by', cell: (a: AdminAlly) => [a.submitterName, a.submitterEmail].filter(Boolean).join(', ') },
    { header: 'Submitted', cell: (a: AdminAlly) => formatDate(a.createdAt) },
  ];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-10">
      <ListTable<AdminAlly>
        list="allies"
        status="pending"
        title="Pending allies"
        sorts={[newest, oldest, { value: 'name', label: 'Name A-Z' }, { value: 'category', label: 'Category A-Z' }]}
        columns={[
          ...allyColumns,
          { header: 'Tagline', cell: (a) => a.tagline },
          {
            header: 'Actions',
            cell: (a) => (
              <div className="flex gap-2">
                <Confirm
                  title="Show this ally in the directory?"
                  description={`${a.name} will be approved and shown to premium members in the Allies Directory.`}
                  confirmLabel="Approve ally"
                  onConfirm={() => change.approve.mutate(a.id)}
                  trigger={
                    <button type="button" className={primary} aria-label={`Approve ${a.name}`}>
                      Approve
                    </button>
                  }
                />
                <DeleteAlly ally={a} onConfirm={() => change.remove.mutate(a.id)} />
              </div>
            ),
          },
        ]}
      />
      <ListTable<AdminAlly>
        list="allies"
        status="approved"
        title="Approved allies"
        sorts={[newest, oldest, { value: 'name', label: 'Name A-Z' }, { value: 'category', label: 'Category A-Z' }]}
        columns={[
          ...allyColumns,
          { header: 'Description', cell: (a) => <span className="block max-w-xs">{preview(a.description || a.howTheyHelp)}</span> },
          { header: 'Last verified', cell: (a) => formatDate(a.lastVerifiedAt) || 'Never' },
          {
            header: 'Actions',
            cell: (a) => (
              <div className="flex gap-2">
                <AllyReview ally={a} />
                <button type="button" className={smallOutlineButton} aria-label={`Mark ${a.name} verified today`} onClick={() => change.verify.mutate(a.id)}>
                  Verified
                </button>
                <Confirm
                  title="Hide this ally from the directory?"
                  description={`${a.name} will go back to pending review and disappear from the Allies Directory until approved again.`}
                  confirmLabel="Move to pending"
                  onConfirm={() => change.unapprove.mutate(a.id)}
                  trigger={
                    <button type="button" className={smallOutlineButton} aria-label={`Unapprove ${a.name}`}>
                      Unapprove
                    </button>
                  }
                />
                <DeleteAlly ally={a} onConfirm={() => change.remove.mutate(a.id)} />
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}

/** docs/product.md §2: the 'Ally Profile Review' dialog, opened from the approved-allies table. */
function AllyReview({ ally }: { ally: AdminAlly }) {
  const formatDate = useListDate();
  const fields: [string, string][] = [
    ['Tagline', ally.tagline],
    ['Category', ally.category],
    ['Description', ally.description],
    ['Services', ally.services],
    ['How they help', ally.howTheyHelp],
    ['What makes them different', ally.whatMakesDifferent],
    ['Traction', ally.traction],
    ['Offer for members', ally.offerForMembers],
    ['Vibe check', ally.vibeCheck],
    ['Website', ally.website],
    ['Email', ally.email],
    ['Phone', ally.phone],
    ['Submitted by', [ally.submitterName, ally.submitterEmail].filter(Boolean).join(', ')],
    ['Last verified', formatDate(ally.lastVerifiedAt) || 'Never'],
  ];
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className={smallOutlineButton} aria-label={`Review ${ally.name}`}>
          Review
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-900/60" />
        <Dialog.Content className="fixed inset-x-3 top-[5vh] z-50 mx-auto flex max-h-[90vh] max-w-2xl flex-col rounded-xl bg-white shadow-2xl outline-none">
          <div className="flex items-start justify-between gap-4 border-b border-stone-200 p-5">
            <div>
              <Dialog.Title className="font-serif text-2xl font-bold text-stone-900">Ally Profile Review</Dialog.Title>
              <Dialog.Description className="text-stone-700">{ally.name}</Dialog.Description>
            </div>
            <Dialog.Close className="rounded-md p-2 text-stone-600 hover:bg-stone-100" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {/* A scrolling region reachable by keyboard; the list inside keeps its own semantics. */}
          <div tabIndex={0} role="region" aria-label={`${ally.name} profile`} className="overflow-y-auto p-5">
            <dl className="grid gap-3">
              {fields.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-sm font-semibold text-stone-600">{label}</dt>
                  <dd className="whitespace-pre-wrap text-stone-900">{value || '—'}</dd>
                </div>
              ))}
            </dl>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ContactStatus({ contact }: { contact: AdminContact }) {
  const id = useId();
  const change = useAdminChange<string>({
    request: (status) => patch(apiPath(adminApiPaths.adminContactStatus, { id: contact.id }), { status }),
    lists: ['contacts'],
    success: 'Contact status updated',
    failure: 'Failed to update contact status',
  });
  const status = useSentValue<string>(change, contact.status);
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Status of the message from {contact.email}
      </label>
      <select
        id={id}
        value={status.value}
        onChange={(event) => status.send(event.target.value)}
        className="rounded-md border border-stone-300 bg-white px-2 py-1 text-sm"
      >
        {contactStatuses.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
    </>
  );
}

export function ContactsList() {
  const formatDate = useListDate();
  return (
    <ListTable<AdminContact>
      list="contacts"
      title="Contact messages"
      sorts={[newest, oldest, byEmail, { value: 'status', label: 'Status' }]}
      columns={[
        {
          header: 'From',
          cell: (c) => (
            <span>
              {c.premium && <span className="mb-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Premium</span>}
              {c.premium && <br />}
              {c.name}
              <br />
              {c.email}
              {c.organization && (
                <>
                  <br />
                  {c.organization}
                </>
              )}
            </span>
          ),
        },
        { header: 'Type', cell: (c) => c.contactType },
        {
          header: 'Message',
          cell: (c) => (
            <span className="block max-w-sm">
              <strong>{c.subject}</strong> {c.message}
            </span>
          ),
        },
        { header: 'Received', cell: (c) => formatDate(c.createdAt) },
        { header: 'Status', cell: (c) => <ContactStatus contact={c} /> },
        { header: 'Outreach', cell: (c) => <OutreachCheckbox list="contacts" id={c.id} completed={c.outreachCompleted} date={c.outreachDate} who={c.email} /> },
      ]}
    />
  );
}

/** Beyond the spec: who did what to which record, when. Read-only by design. */
export function AuditList() {
  const time = useAdminTime();
  return (
    <ListTable<AuditEntry>
      list="audit"
      title="Audit log"
      sorts={[newest, oldest]}
      columns={[
        { header: 'When', cell: (e) => time.dateTime(e.createdAt) },
        { header: 'Admin', cell: (e) => e.adminEmail },
        { header: 'Action', cell: (e) => e.action },
        { header: 'Record', cell: (e) => `${e.targetType} ${e.targetId}` },
        {
          header: 'Details',
          cell: (e) =>
            Object.entries(e.details)
              .map(([k, v]) => `${k}: ${String(v)}`)
              .join(', '),
        },
      ]}
    />
  );
}
