import { randomUUID } from 'node:crypto';
import { type FollowUpSequenceValues, weakestPillar } from '#shared/checkup/follow-ups';
import { type CategoryScores, gradeOverall } from '#shared/checkup/grading';
import type { Pillar } from '#shared/checkup/questions';
import { markdownToHtml } from '#shared/markdown/render';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { StoredFollowUpStep } from './schema';
import { followUpUnsubscribeLinks, loadLinkKey } from '../../mail/links';
import { hasOptedOut } from '../../mail/topic-opt-outs';
import { markToldByEmail } from '../../mail/told-once';
import { type RenderedFollowUp, personalise, renderFollowUp } from './follow-up-mail';
import {
  advanceEnrolment,
  dueEnrolments,
  enrol,
  type EnrolmentRow,
  findSequence,
  hasActivePlanFor,
  isPremiumAddress,
  lockDueEnrolment,
  type SequenceRow,
  stepTopic,
  stopEnrolment,
} from './repo';

/**
 * Enrols the address of a just-stored Check-Up result in the sequences that are on for its
 * weakest pillar (ties: the first in the pillars' order) and its overall grade (the one its
 * results showed), stopping its
 * earlier enrolments (a retake). Two statements in the caller's transaction; no mail is sent
 * here: the follow-ups job sends each step when it is due.
 */
export async function enrolFromResult(
  tx: Executor,
  result: { id: string; email: string; userId: string | null; totalScore: number; categoryScores: CategoryScores },
): Promise<{ id: string; sequenceId: string }[]> {
  return enrol(tx, {
    resultId: result.id,
    email: result.email,
    userId: result.userId,
    pillar: weakestPillar(result),
    grade: gradeOverall(result.totalScore).grade,
  });
}

/** The steps as stored: each keeps its id (new ones get one) and its body's HTML, rendered once here (decision 031). */
export function storedSteps(values: FollowUpSequenceValues, publicUrl: string): StoredFollowUpStep[] {
  return values.steps.map((step) => ({
    id: step.id ?? randomUUID(),
    delayDays: step.delayDays,
    subject: step.subject,
    body: step.body,
    bodyHtml: markdownToHtml(step.body, { siteUrl: publicUrl }),
    linkGuide: step.linkGuide,
    linkResources: step.linkResources,
    linkAllies: step.linkAllies,
  }));
}

const DAY_MS = 86_400_000;
const BATCH = 50;

/**
 * Sends the follow-up steps that are due, once each. Per enrolment, one transaction locks it
 * (SKIP LOCKED: another server's run passes it by), re-checks it (still due, still at that step,
 * not unsubscribed, not premium when the sequence stops there), marks the step told to the
 * address, stores its mail in the mail queue and moves the enrolment on; the mail is delivered after
 * commit. A step the address was told before (an earlier enrolment) is passed over, not sent again.
 */
export async function sendDueFollowUps(ctx: Pick<AppContext, 'db' | 'env' | 'mailQueue'>, now = new Date()): Promise<number> {
  const settings = { publicUrl: ctx.env.PUBLIC_URL, postalAddress: ctx.env.POSTAL_ADDRESS };
  const rendered = new Map<string, RenderedFollowUp>();
  const sequences = new Map<string, SequenceRow | undefined>();
  let key: Buffer | undefined;
  let sent = 0;
  const seen = new Set<string>();

  for (;;) {
    const due = (await dueEnrolments(ctx.db, BATCH, now)).filter((row) => !seen.has(`${row.id}:${row.stepsSent}`));
    if (due.length === 0) return sent;
    for (const candidate of due) {
      seen.add(`${candidate.id}:${candidate.stepsSent}`);
      if (!sequences.has(candidate.sequenceId)) sequences.set(candidate.sequenceId, await findSequence(ctx.db, candidate.sequenceId));
      const sequence = sequences.get(candidate.sequenceId);
      const step = sequence?.steps[candidate.stepsSent];
      // Rendered before the transaction, once per step and pillar in this run.
      const renderKey = step && `${step.id}:${candidate.pillar}`;
      if (step && renderKey && !rendered.has(renderKey)) rendered.set(renderKey, await renderFollowUp(step, candidate.pillar as Pillar, settings));
      key ??= await loadLinkKey(ctx.db);
      const linkKey = key;
      const mailId = await ctx.db.transaction(async (tx) => {
        const enrolment = await lockDueEnrolment(tx, candidate.id, candidate.stepsSent, now);
        if (!enrolment) return null;
        const stop = sequence && step ? await stopReason(tx, enrolment, sequence) : 'finished';
        if (stop || !sequence || !step) {
          await stopEnrolment(tx, enrolment.id, stop ?? 'finished');
          return null;
        }
        const next = sequence.steps[enrolment.stepsSent + 1];
        const move = () => advanceEnrolment(tx, enrolment.id, { nextDueAt: new Date(now.getTime() + (next?.delayDays ?? 0) * DAY_MS) });
        const first = await markToldByEmail(tx, stepTopic(step.id), enrolment.email, { enrolmentId: enrolment.id });
        if (!first) {
          await move();
          return null;
        }
        const links = followUpUnsubscribeLinks(linkKey, settings.publicUrl, enrolment.email);
        const copy = personalise(rendered.get(renderKey!)!, links.page);
        // Filed under the step's topic: the admin's figures per step count the mail queue's verdicts by it.
        const id = await ctx.mailQueue.store(tx, { to: enrolment.email, ...copy, headers: links.headers, topic: stepTopic(step.id) });
        await move();
        return id;
      });
      if (mailId) {
        sent += 1;
        // One run of what is due, however many steps this job sends (decision 079): one delivery per mail at once would not be.
        ctx.mailQueue.deliverDueSoon();
      }
    }
  }
}

async function stopReason(tx: Executor, enrolment: EnrolmentRow, sequence: SequenceRow): Promise<EnrolmentRow['stopReason']> {
  if (enrolment.stepsSent >= sequence.steps.length) return 'finished';
  if (await hasOptedOut(tx, 'follow-ups', enrolment.email)) return 'unsubscribed';
  if (sequence.stopOnPremium && (await isPremiumAddress(tx, enrolment.email))) return 'premium';
  if (await hasActivePlanFor(tx, enrolment, enrolment.pillar)) return 'plan';
  return null;
}
