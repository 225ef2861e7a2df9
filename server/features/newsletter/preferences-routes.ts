import type { FastifyInstance } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import {
  mailTopics,
  type MailTopic,
  type Preferences,
  preferencesFormSchema,
  preferencesQuerySchema,
  preferencesSaveSchema,
  type PreferencesSave,
} from '#shared/newsletter/preferences';
import { preferencesQueryKey } from '#shared/query-keys';
import { siteIsoDate } from '#shared/site-time';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/client';
import { HttpError, parseInput } from '../../http/errors';
import { getSessionUser, requireUser } from '../../http/guards';
import { loadLinkKey, signLink, verifyLink } from '../../mail/links';
import { cancelOptOuts, optOut, optOutsOf } from '../../mail/topic-opt-outs';
import type { PageLookup } from '../../rendering/builder';
import { unsubscribe as leaveFollowUps } from '../follow-ups/repo';
import { isPremiumAddress, subscribeFromLink, subscriberStatus, unsubscribe } from './repo';

const INVALID_LINK =
  'This preferences link is not valid: it may be incomplete or altered. Use the link from your latest email, or contact us and we will change them for you.';
const BOUNCED = 'Mail to this address was refused by its mail server, so we cannot send The Weekly Dish to it. Contact us if it works again.';
const SAVED = 'Your choices are saved.';

/**
 * Whether the newsletter reaches the address: its editions while subscribed (or once confirmed),
 * and a premium member's announcements while the address has not left it (decision 032).
 */
async function newsletterOf(ctx: AppContext, email: string) {
  const status = await subscriberStatus(ctx.db, email);
  const on = status === 'subscribed' || status === 'pending' || (status === undefined && (await isPremiumAddress(ctx.db, email)));
  return { status, on };
}

/** What the page shows for an address: each topic on or off. */
export async function preferencesOf(ctx: AppContext, email: string): Promise<Preferences> {
  const [{ status, on }, left] = await Promise.all([newsletterOf(ctx, email), optOutsOf(ctx.db, email)]);
  return {
    email,
    topics: Object.fromEntries(mailTopics.map((topic) => [topic, topic === 'newsletter' ? on : !left.includes(topic)])) as Record<MailTopic, boolean>,
    newsletterLocked: status === 'bounced' ? BOUNCED : null,
  };
}

/**
 * The address leaves `topics` (decision 071): each is its opt-out, and two do more at once, as
 * their own links do. The newsletter skips the copies waiting for the address; the follow-ups stop
 * the enrolments running, as the admin's figures show.
 */
async function leave(tx: Transaction, email: string, topics: MailTopic[]): Promise<void> {
  if (topics.includes('newsletter')) await unsubscribe(tx, email);
  if (topics.includes('follow-ups')) await leaveFollowUps(tx, email);
  await optOut(
    tx,
    email,
    topics.filter((topic) => topic !== 'newsletter' && topic !== 'follow-ups'),
  );
}

/**
 * The email preferences page (decisions 046, 071): every topic, reached from every edition's
 * footer and the account page with a link signed for the address (the token of every leave link
 * opens it too): no sign-in, the link is the key. GET reads, POST saves; the page's plain form
 * posts too, so it works without scripts (then the answer is a redirect back to the page).
 */
export async function preferencesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const keyOnce = loadLinkKey(ctx.db);
  keyOnce.catch(() => undefined);
  const emailOf = async (token: string) => {
    const email = verifyLink(await keyOnce, 'preferences', token);
    if (!email) throw new HttpError(400, INVALID_LINK);
    return email;
  };
  const noStore = { 'cache-control': 'no-store' };

  const save = async ({ token, topics }: PreferencesSave): Promise<Preferences> => {
    const email = await emailOf(token);
    const { status, on } = await newsletterOf(ctx, email);
    // Refused whole: nothing of the other choices is saved either.
    if (topics.newsletter && status === 'bounced') throw new HttpError(409, BOUNCED);
    await ctx.db.transaction(async (tx) => {
      // Ticked: a pending signup is confirmed by the link, one that was off is subscribed. A premium
      // member who gets the announcements without a signup stays as they are.
      if (topics.newsletter && (status === 'pending' || !on)) await subscribeFromLink(tx, email);
      // Left: unsubscribed, which also stops a premium member's announcements. The other topics
      // are left (again: it changes nothing) or taken back as they are ticked.
      const unticked = mailTopics.filter((topic) => !topics[topic] && (topic !== 'newsletter' || on));
      await leave(tx, email, unticked);
      await cancelOptOuts(
        tx,
        email,
        mailTopics.filter((topic) => topic !== 'newsletter' && topics[topic]),
      );
    });
    return { ...(await preferencesOf(ctx, email)), message: SAVED };
  };

  app.get(apiPaths.newsletterPreferences, async (request, reply): Promise<Preferences> => {
    reply.headers(noStore);
    return preferencesOf(ctx, await emailOf(parseInput(preferencesQuerySchema, request.query).token));
  });

  app.post(apiPaths.newsletterPreferences, async (request, reply): Promise<Preferences> => {
    reply.headers(noStore);
    return save(parseInput(preferencesSaveSchema, request.body));
  });

  // From the account page: the member's own link. Only for an address the account proved it owns
  // (anyone can register with any address), or it would hand out the key to someone else's inbox.
  app.get(apiPaths.accountEmailPreferences, { preHandler: requireUser(ctx) }, async (request, reply) => {
    reply.headers(noStore);
    const user = (await getSessionUser(request, ctx))!;
    if (!user.emailVerified)
      throw new HttpError(409, 'Confirm your email address first: use the link we emailed you, or send it again from your account page.');
    return reply.redirect(`/preferences?token=${encodeURIComponent(signLink(await keyOnce, 'preferences', user.email))}`, 303);
  });

  // The page's form without scripts: a browser's urlencoded post, answered with the page again.
  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2048 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    form.post(apiPaths.newsletterPreferencesForm, async (request, reply) => {
      const input = parseInput(preferencesFormSchema, request.body);
      await save(input);
      return reply.redirect(`/preferences?token=${encodeURIComponent(input.token)}&saved=1`, 303);
    });
  });
}

/**
 * /preferences?token=…: drawn by the server with the address's choices in it, or the link's error.
 * A good link's page is kept, drawn once, as a Check-Up result's is (decision 086): the choices are
 * read on every request and the page is kept under them, the address and the link's query, so a
 * change (here or on any server) is a new page on the next visit. The site's date is in the key
 * for the footer's year. A bad link's page is drawn for its request: anyone can make up millions.
 */
export function lookupPreferencesPage(ctx: AppContext): (pathname: string, query: URLSearchParams) => Promise<PageLookup | undefined> {
  const keyOnce = loadLinkKey(ctx.db);
  keyOnce.catch(() => undefined);
  return async (pathname, query) => {
    if (pathname !== '/preferences') return undefined;
    const token = query.get('token');
    if (!token) return { found: true, queries: [] };
    const email = token.length <= 1000 ? verifyLink(await keyOnce, 'preferences', token) : null;
    if (!email) return { found: true, queries: [{ queryKey: preferencesQueryKey(token), data: { error: INVALID_LINK } }] };
    const data = await preferencesOf(ctx, email);
    return {
      found: true,
      queries: [{ queryKey: preferencesQueryKey(token), data }],
      keepAs: `preferences ${siteIsoDate(new Date(), ctx.env.SITE_TIMEZONE)} ${query.toString()} ${JSON.stringify(data)}`,
    };
  };
}
