import { sendAlliesNews } from './features/allies/news';
import { runGrants } from './features/membership/grants';
import { runMembershipCheck } from './features/membership/membership-check';
import type { AppContext } from './context';
import type { FastifyBaseLogger } from 'fastify';
import { deliverEditions, startDueEditions } from './features/editions/sender';
import type { Transport } from './mail/mailer';
import type { Outbox } from './mail/outbox';
import { publishDue } from './features/content/repo';
import { stripStoredImages } from './features/content/images';
import { releaseEndedSeats, sendReminders } from './features/webinars/service';
import { coachingHousekeeping } from './features/coaching/service';
import { cleanUpExpired } from './jobs/housekeeping';
import { sendRetakeReminders } from './features/checkup/reminders';
import { sendDueFollowUps } from './features/follow-ups/service';
import { renderMissingHtml } from './stored-html';
import type { ScheduledJob } from './jobs/runner';
import { pollBounceMailbox } from './features/bounces/mailbox';
import { recomputePeerGroups } from './features/checkup/peers';
import { withdrawInvitationsBeyondSeats } from './features/teams/over-seats';

/** Every piece of scheduled work the site does, and when. */
export function scheduledJobs(deps: {
  ctx: AppContext;
  outbox: Outbox;
  bulkTransport: Transport;
  isStopping: () => boolean;
  log: FastifyBaseLogger;
}): ScheduledJob[] {
  const { env } = deps.ctx;
  const sending = {
    publicUrl: env.PUBLIC_URL,
    postalAddress: env.POSTAL_ADDRESS,
    timeZone: env.SITE_TIMEZONE,
    ratePerSecond: env.NEWSLETTER_RATE_PER_SECOND,
    connections: env.NEWSLETTER_CONNECTIONS,
    bounceAddress: env.BOUNCE_ADDRESS,
  };
  const { BOUNCE_IMAP_URL: url, BOUNCE_IMAP_USER: user, BOUNCE_IMAP_PASSWORD: password, BOUNCE_IMAP_MAILBOX: mailbox } = env;
  const bounceMailbox = url && user && password ? { url, user, password, mailbox } : undefined;
  return [
    // The Weekly Dish: scheduled editions start, and what is due is sent, in slices of at most 50
    // seconds; a slice that stopped with work left queues the next at once. Slices may overlap
    // (two servers share the rows, SKIP LOCKED), so a server killed mid-send delays the rest by
    // the claim of its rows (a minute), not by its job's expiry (decision 028).
    {
      name: 'weekly-dish',
      cron: '* * * * *',
      atStart: true,
      overlapping: { expireInSeconds: 120 },
      run: async () => {
        await startDueEditions(deps.ctx.db, sending, deps.log);
        const deadline = Date.now() + 50_000;
        await deliverEditions(deps.ctx.db, deps.bulkTransport, sending, { deadline, shouldStop: deps.isStopping, log: deps.log });
        return Date.now() >= deadline && !deps.isStopping() ? 'again' : undefined;
      },
    },
    // Pages and resources scheduled in /admin → Content go live, once across servers.
    { name: 'content-publish', cron: '* * * * *', run: async () => void (await publishDue(deps.ctx.db)) },
    // Webinars: places of members no longer premium released (each told once), then the reminders a day
    // and an hour before: one notice row per person and start, so once.
    {
      name: 'webinar-reminders',
      cron: '* * * * *',
      run: async () => {
        await releaseEndedSeats(deps.ctx);
        await sendReminders(deps.ctx);
      },
    },
    // Coaching: bookings of members no longer premium cancelled (slot freed), one reminder per booking.
    { name: 'coaching', cron: '* * * * *', run: async () => void (await coachingHousekeeping(deps.ctx)) },
    // Images stored with their metadata (EXIF, GPS) before it was stripped on upload: cleaned once, each marked when done.
    { name: 'images', cron: '41 * * * *', atStart: true, run: () => stripStoredImages(deps.ctx.db, deps.log) },
    // The Check-Up's follow-ups: each due step once per person (decision 039), delivered after its commit.
    { name: 'follow-ups', cron: '* * * * *', run: async () => void (await sendDueFollowUps(deps.ctx)) },
    // The Check-Up's retake reminders, once per attempt across servers (decision 038).
    { name: 'checkup-reminders', cron: '7 * * * *', run: async () => void (await sendRetakeReminders(deps.ctx)) },
    // Emails whose first delivery failed, retried with backoff (server/mail/outbox.ts).
    { name: 'mail-outbox', cron: '* * * * *', run: () => deps.outbox.deliverDue() },
    { name: 'housekeeping', cron: '17 * * * *', run: () => cleanUpExpired(deps.ctx.db) },
    // Text kept without its HTML (an older server's save during an upgrade) is rendered (decision 031).
    { name: 'stored-html', cron: '23 * * * *', run: async () => void (await renderMissingHtml(deps.ctx.db, deps.log)) },
    // Local test payments' renewals and retries, and the end of premium when a cancelled period is over.
    // The Check-Up's peer figures (decision 040): recomputed every hour and when a server starts, never per request.
    { name: 'checkup-peers', cron: '29 * * * *', atStart: true, run: async () => void (await recomputePeerGroups(deps.ctx.db)) },
    // Bounces and complaints in the bounce mailbox, read once across servers (decision 043); without settings, nothing to read.
    ...(bounceMailbox
      ? [{ name: 'bounce-mailbox', cron: '* * * * *', run: () => pollBounceMailbox(deps.ctx.db, bounceMailbox, deps.log) } satisfies ScheduledJob]
      : []),
    { name: 'membership-check', cron: '*/5 * * * *', run: () => runMembershipCheck(deps.ctx, deps.log), atStart: true },
    // Open invitations a team has no seat left for (its quantity lowered at the provider): withdrawn, its buyer told (decision 063).
    { name: 'team-seats', cron: '*/5 * * * *', run: async () => void (await withdrawInvitationsBeyondSeats(deps.ctx)) },
    // Allies news: the week's new allies to premium members who keep the topic, once a week per member (decision 053).
    { name: 'allies-news', cron: '0 15 * * 1', run: async () => void (await sendAlliesNews(deps.ctx)) },
    // Admins' time-limited grants: each ends by itself, its member told a week before and on the day (decision 052).
    { name: 'premium-grants', cron: '* * * * *', atStart: true, run: async () => void (await runGrants(deps.ctx)) },
  ];
}
