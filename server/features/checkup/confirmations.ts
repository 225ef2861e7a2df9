import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { signLink } from '../../mail/links';
import { markTold } from '../../mail/told-once';
import { attemptConfirmationMail } from './confirm-mail';

/** The page the confirmation link opens (GET /api/checkup/confirm lists, POST adds: confirm-routes.ts). */
const CONFIRM_PAGE = '/checkup/confirm';

/**
 * An attempt made signed out under an address some account has verified waits for that address's
 * owner: this mails them the link that lists what waits, at most once a day per account (the
 * told-once mark of the day), in the attempt's transaction. The id of the mail stored, or null.
 */
export async function askOwnerToConfirm(
  tx: Executor,
  ctx: Pick<AppContext, 'env' | 'mailQueue'>,
  key: Buffer,
  owner: { id: string; email: string },
  attempt: { createdAt: Date },
): Promise<string | null> {
  const topic = `checkup-confirm:${attempt.createdAt.toISOString().slice(0, 10)}`;
  if ((await markTold(tx, topic, [owner.id])).length === 0) return null;
  const link = `${ctx.env.PUBLIC_URL}${CONFIRM_PAGE}?token=${signLink(key, 'checkup-confirm', owner.email)}`;
  return ctx.mailQueue.store(
    tx,
    attemptConfirmationMail({ to: owner.email, takenAt: attempt.createdAt, link, publicUrl: ctx.env.PUBLIC_URL, timeZone: ctx.env.SITE_TIMEZONE }),
  );
}
