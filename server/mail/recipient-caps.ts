import type { Executor } from '../db/client';
import { HttpError } from '../http/errors';
import { countHit } from '../http/rate-limit-store';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface Caps {
  /** What the mails are called in the refusal ("invitations"). */
  what: string;
  /** At most this many to one address, from anyone, per hour and per day. */
  recipient: { hour: number; day: number };
  /** At most this many from one sender (an account, or an address when signed out), to anyone. */
  sender: { hour: number; day: number };
}

/**
 * Mail a person causes to be sent to an address they type (decision 069). Counted per kind, so
 * one kind's traffic never blocks another's; the figures are the decision's.
 */
export const MAIL_CAPS = {
  // A team has at most 50 seats: a buyer can invite them all in an hour, and withdraw and invite
  // again a few times, but not mail one inbox without end.
  teamInvitation: { what: 'invitations', recipient: { hour: 3, day: 6 }, sender: { hour: 60, day: 150 } },
  // A result's breakdown is asked for once or twice (a colleague, a second inbox); the sender's
  // hour matches the public forms' limit per address (RATE_LIMIT_FORMS_PER_HOUR's default).
  checkupBreakdown: { what: 'Check-Up breakdowns', recipient: { hour: 5, day: 10 }, sender: { hour: 20, day: 60 } },
  // A team Check-Up round asks the team's people (a team has at most 50 seats, and its buyer) and
  // 25 more: one round's invitations and one "remind now" a day fit; one address is asked by a
  // round or two (several teams), and a round's organiser cannot make an inbox a target.
  teamCheckup: { what: 'team Check-Up invitations and reminders', recipient: { hour: 3, day: 6 }, sender: { hour: 160, day: 320 } },
  // Signing up again while the first confirmation waits sends its link again: someone who lost it
  // asks once or twice; from many client addresses, it was an unbounded flood of one inbox.
  newsletterConfirmation: { what: 'confirmation links', recipient: { hour: 3, day: 6 }, sender: { hour: 20, day: 60 } },
} as const satisfies Record<string, Caps>;

export type MailCapKind = keyof typeof MAIL_CAPS;

/** An HTTP 429 that tells the client when to come back (the error handler sends Retry-After). */
export class MailCapError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

const wait = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes <= 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
};

/**
 * Counts one mail of `kind` to `to` from `sender`, in the caller's transaction, and refuses it
 * with a 429 once a cap is passed. Called in the transaction that stores the mail: a refused or
 * failed request rolls its counts back with it, so only mail really stored is counted, and the
 * counters are the database's, shared by every server.
 */
export async function countMailTo(tx: Executor, kind: MailCapKind, mail: { to: string; sender: string }): Promise<void> {
  const refusal = await mailCapPassed(tx, kind, mail);
  if (refusal) throw refusal;
}

/**
 * The same count, for a mail that may simply not be sent again (a confirmation link already sent):
 * answers whether it is within its caps, instead of refusing the request.
 */
export async function withinMailCaps(tx: Executor, kind: MailCapKind, mail: { to: string; sender: string }): Promise<boolean> {
  return (await mailCapPassed(tx, kind, mail)) === null;
}

/** Counts the mail against every cap of its kind: the refusal of the first cap it passes, or null. */
async function mailCapPassed(tx: Executor, kind: MailCapKind, mail: { to: string; sender: string }): Promise<MailCapError | null> {
  const caps: Caps = MAIL_CAPS[kind];
  const to = mail.to.trim().toLowerCase();
  const checks = [
    { key: `to|${to}|hour`, max: caps.recipient.hour, windowMs: HOUR_MS, recipient: true },
    { key: `to|${to}|day`, max: caps.recipient.day, windowMs: DAY_MS, recipient: true },
    { key: `from|${mail.sender}|hour`, max: caps.sender.hour, windowMs: HOUR_MS, recipient: false },
    { key: `from|${mail.sender}|day`, max: caps.sender.day, windowMs: DAY_MS, recipient: false },
  ];
  for (const check of checks) {
    const hit = await countHit(tx, `mail-cap|${kind}|${check.key}`, check.windowMs);
    if (hit.count <= check.max) continue;
    const message = check.recipient
      ? `Too many ${caps.what} have been sent to ${to} recently. Please wait ${wait(hit.ttl)} and try again.`
      : `You have sent too many ${caps.what} recently. Please wait ${wait(hit.ttl)} and try again.`;
    return new MailCapError(message, Math.max(1, Math.ceil(hit.ttl / 1000)));
  }
  return null;
}
