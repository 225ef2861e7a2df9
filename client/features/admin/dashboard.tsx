import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ActivityItem, AdminSummary } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import { conversionRate } from './checkup-bands';
import { ContentPanel } from './content/content-panel';
import { EditionsPanel } from './editions/editions-panel';
import { BouncesPanel } from './bounces';
import { WebinarsPanel } from './webinars/webinars-panel';
import { CoachingPanel } from './coaching/coaching-panel';
import { OffersPanel } from './offers/offers-panel';
import { TeamsPanel } from './teams/teams-panel';
import { TeamCheckupsPanel } from './team-checkups/team-checkups-panel';
import { PlansPanel } from './plans/plans-panel';
import { CheckupPeersPanel } from './checkup-peers';
import { FollowUpsPanel } from './follow-ups/follow-ups-panel';
import { useAdminTime } from './admin-time';
import { AlliesLists, AuditList, CheckupsList, ContactsList, NewslettersList, SignupsList, UsersList } from './lists';
import { Reports } from './reports';
import { SearchesPanel } from './searches';
import { DeliverabilityPanel } from './deliverability';
import { SlackInvitationsPanel } from './slack-invitations';
import { adminKey, useAdminQuery } from './use-admin';

const tabs = [
  { id: 'activity', label: 'Recent Activity' },
  { id: 'users', label: 'Users' },
  { id: 'newsletters', label: 'Newsletter' },
  { id: 'editions', label: 'Weekly Dish' },
  { id: 'bounces', label: 'Bounces' },
  { id: 'content', label: 'Content' },
  { id: 'webinars', label: 'Webinars' },
  { id: 'coaching', label: 'Coaching' },
  { id: 'offers', label: 'Offers' },
  { id: 'teams', label: 'Teams' },
  { id: 'team-checkups', label: 'Team Check-Ups' },
  { id: 'plans', label: 'Plans' },
  { id: 'signups', label: 'Signups' },
  { id: 'checkups', label: 'Check-ups' },
  { id: 'follow-ups', label: 'Follow-ups' },
  { id: 'allies', label: 'Allies' },
  { id: 'contacts', label: 'Contact Messages' },
  { id: 'slack', label: 'Slack' },
  { id: 'audit', label: 'Audit log' },
  { id: 'reports', label: 'Reports' },
  { id: 'searches', label: 'Searches' },
  { id: 'deliverability', label: 'Deliverability' },
] as const;
type TabId = (typeof tabs)[number]['id'];

const panels: Record<TabId, () => ReactNode> = {
  activity: () => <RecentActivity />,
  users: () => <UsersList />,
  newsletters: () => <NewslettersList />,
  editions: () => <EditionsPanel />,
  bounces: () => <BouncesPanel />,
  content: () => <ContentPanel />,
  webinars: () => <WebinarsPanel />,
  coaching: () => <CoachingPanel />,
  offers: () => <OffersPanel />,
  teams: () => <TeamsPanel />,
  'team-checkups': () => <TeamCheckupsPanel />,
  plans: () => <PlansPanel />,
  signups: () => <SignupsList />,
  checkups: () => (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <CheckupPeersPanel />
      <CheckupsList />
    </div>
  ),
  'follow-ups': () => <FollowUpsPanel />,
  allies: () => <AlliesLists />,
  contacts: () => <ContactsList />,
  slack: () => <SlackInvitationsPanel />,
  audit: () => <AuditList />,
  reports: () => <Reports />,
  searches: () => <SearchesPanel />,
  deliverability: () => <DeliverabilityPanel />,
};

/** Today and This Month begin in the site's time zone (SITE_TIMEZONE), decided by the server for every admin alike. */
const summaryPath = adminApiPaths.adminSummary;

export function Dashboard() {
  const [tab, setTab] = useState<TabId>('activity');
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());
  const summary = useAdminQuery<AdminSummary>(adminKey('summary'), summaryPath);
  const s = summary.data;

  const cards: { label: string; value: number | undefined; tab: TabId }[] = [
    { label: 'Total Users', value: s?.totalUsers, tab: 'users' },
    { label: 'Premium Users', value: s?.premiumUsers, tab: 'users' },
    { label: 'Check-ups', value: s?.checkups, tab: 'checkups' },
    { label: 'Newsletter Signups', value: s?.newsletters, tab: 'newsletters' },
    { label: 'Pending Allies', value: s?.pendingAllies, tab: 'allies' },
    { label: 'Contact Messages', value: s?.contacts, tab: 'contacts' },
  ];

  const select = (id: TabId, focus = false) => {
    setTab(id);
    if (focus) tabRefs.current.get(id)?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[(next + tabs.length) % tabs.length]!.id, true);
  };

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-8">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Admin Dashboard</h1>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {cards.map((card) => (
          <li key={card.label}>
            <button
              type="button"
              onClick={() => select(card.tab, true)}
              className="w-full rounded-xl border border-stone-200 bg-white p-4 text-left shadow-sm hover:border-brand-600"
            >
              <span className="block text-sm font-medium text-stone-700">{card.label}</span>
              <span className="mt-1 block text-2xl font-bold text-stone-900">
                {card.value === undefined ? '…' : `${s?.estimated && card.value >= 100_000 ? '≈ ' : ''}${card.value.toLocaleString()}`}
              </span>
            </button>
          </li>
        ))}
      </ul>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {/* Wrapped at every width: with fifteen sections, every one stays on screen. */}
        <div role="tablist" aria-label="Admin sections" className="relative flex flex-wrap gap-1 border-b border-stone-200" onKeyDown={onTabKey}>
          {tabs.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                if (el) tabRefs.current.set(t.id, el);
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => select(t.id)}
              className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold ${tab === t.id ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-700 hover:text-stone-900'}`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0} className="min-w-0">
          {panels[tab]()}
        </div>
      </div>
    </div>
  );
}

const activityLabels: Record<ActivityItem['kind'], string> = {
  premium: 'Premium signup',
  newsletter: 'Newsletter signup',
  quiz: 'Check-up completed',
  ally: 'Ally submission',
};

function RecentActivity() {
  const summary = useAdminQuery<AdminSummary>(adminKey('summary'), summaryPath);
  const activity = useAdminQuery<ActivityItem[]>(adminKey('activity'), adminApiPaths.adminActivity);
  const time = useAdminTime();
  const s = summary.data;
  const today = s ? s.today.premium + s.today.newsletter + s.today.quiz + s.today.allies : undefined;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <dt className="text-sm text-stone-700">Today&apos;s New Signups</dt>
          <dd className="text-2xl font-bold">{today ?? '…'}</dd>
          {s && (
            <dd className="text-xs text-stone-600">
              Premium {s.today.premium} · Newsletter {s.today.newsletter} · Quiz {s.today.quiz} · Allies {s.today.allies}
            </dd>
          )}
        </div>
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <dt className="text-sm text-stone-700">Premium Conversion Rate</dt>
          <dd className="text-2xl font-bold">{s ? `${conversionRate(s.premiumUsers, s.newsletters)}%` : '…'}</dd>
        </div>
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <dt className="text-sm text-stone-700">This Month</dt>
          <dd className="text-2xl font-bold">{s?.thisMonth ?? '…'}</dd>
        </div>
      </dl>
      <section aria-labelledby="activity-title">
        <h2 id="activity-title" className="font-serif text-xl font-bold text-stone-900">
          Recent Activity
        </h2>
        {activity.data?.length === 0 && <p className="mt-2 text-stone-700">Nothing yet.</p>}
        <ol className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {activity.data?.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
              <span>
                <span className="font-semibold text-stone-900">{activityLabels[item.kind]}</span>: <span className="break-all">{item.label}</span>
                {item.detail && <span className="text-stone-700"> ({item.detail})</span>}
              </span>
              <time dateTime={item.createdAt} className="text-sm text-stone-600">
                {time.dateTime(item.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
