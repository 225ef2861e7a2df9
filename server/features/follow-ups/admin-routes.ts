import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamsSchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import {
  type FollowUpList,
  type FollowUpSequence,
  type FollowUpSequenceValues,
  followUpPreviewSchema,
  followUpSequenceSchema,
  followUpSwitchSchema,
  targetLabel,
} from '#shared/checkup/follow-ups';
import { type Pillar, pillars } from '#shared/checkup/questions';
import { markdownToHtml } from '#shared/markdown/render';
import type { AppContext } from '../../context';
import { recordAudit } from '../../audit-log';
import { HttpError, parseInput, refuseUnrenderable } from '../../http/errors';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { personalise, renderFollowUp } from './follow-up-mail';
import {
  findSequence,
  insertSequence,
  listSequences,
  recentAttemptsByTarget,
  type SequenceRow,
  type SequenceStats,
  stepStatsOf,
  switchSequence,
  TargetTakenError,
  updateSequence,
} from './repo';
import { storedSteps } from './service';

/** The window of "recent attempts" the admin sees per target before switching a sequence on. */
export const RECENT_DAYS = 90;
/** Ten steps of 20,000 characters, up to four bytes each in JSON. */
const SEQUENCE_BODY_BYTES = 1024 * 1024;

const targetTaken = () => new HttpError(409, 'target: Another sequence already has this target', { target: 'Another sequence already has this target' });

/** The admin's Follow-ups tab: sequences written, previewed, switched on and off, with their figures per step. */
export async function followUpAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('onRequest', requireAdmin(ctx));
  const db = ctx.db;
  const settings = { publicUrl: ctx.env.PUBLIC_URL, postalAddress: ctx.env.POSTAL_ADDRESS };
  const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id;
  const existing = async (id: string) => {
    const row = await findSequence(db, id);
    if (!row) throw new HttpError(404, 'No follow-up sequence with this id');
    return row;
  };
  const view = (row: SequenceRow, stats: SequenceStats): FollowUpSequence => ({
    id: row.id,
    name: row.name,
    targetKind: row.targetKind,
    target: row.target,
    active: row.active,
    stopOnPremium: row.stopOnPremium,
    targetNote: row.targetNote,
    steps: row.steps.map(({ bodyHtml: _html, ...step }, index) => ({ ...step, stats: stats.steps[index]! })),
    enrolled: stats.enrolled,
    updatedAt: row.updatedAt.toISOString(),
  });
  /** One sequence as the admin sees it, with its figures. */
  const viewOne = async (row: SequenceRow) => view(row, (await stepStatsOf(db, [row])).get(row.id)!);
  const checked = (body: unknown): FollowUpSequenceValues => {
    const input = parseInput(followUpSequenceSchema, body);
    refuseUnrenderable(
      Object.fromEntries(input.steps.map((step, index) => [`steps.${index}.body`, [`Step ${index + 1} body`, step.body] as [string, string]])),
    );
    return input;
  };

  app.get(adminApiPaths.adminFollowUps, async (_request, reply): Promise<FollowUpList> => {
    reply.header('cache-control', 'no-store');
    const withStats = listSequences(db).then(async (rows) => ({ rows, stats: await stepStatsOf(db, rows) }));
    const [{ rows, stats }, recentAttempts] = await Promise.all([withStats, recentAttemptsByTarget(db, RECENT_DAYS)]);
    return { sequences: rows.map((row) => view(row, stats.get(row.id)!)), recentAttempts, recentDays: RECENT_DAYS };
  });

  // One step as the email, from what is written so far (empty at first), for the target's pillar.
  app.post(adminApiPaths.adminFollowUpPreview, { bodyLimit: SEQUENCE_BODY_BYTES }, async (request) => {
    const { targetKind, target, step } = parseInput(followUpPreviewSchema, request.body);
    const pillar: Pillar = targetKind === 'pillar' && pillars.includes(target as Pillar) ? (target as Pillar) : pillars[0]!;
    const rendered = await renderFollowUp({ ...step, bodyHtml: markdownToHtml(step.body, { siteUrl: settings.publicUrl }) }, pillar, settings);
    return { html: personalise(rendered, `${settings.publicUrl}/follow-ups/unsubscribe`).html };
  });

  app.post(adminApiPaths.adminFollowUps, { bodyLimit: SEQUENCE_BODY_BYTES }, async (request, reply) => {
    const admin = await signedInAdmin(request, ctx);
    const input = checked(request.body);
    try {
      const row = await db.transaction(async (tx) => {
        const created = await insertSequence(tx, { ...input, steps: storedSteps(input, settings.publicUrl), updatedBy: admin.email });
        await recordAudit(tx, admin, {
          action: 'follow_up_created',
          targetType: 'follow_up_sequence',
          targetId: created.id,
          details: { name: input.name, target: targetLabel(input.targetKind, input.target), steps: input.steps.length },
        });
        return created;
      });
      return reply.status(201).send(await viewOne(row));
    } catch (error) {
      if (error instanceof TargetTakenError) throw targetTaken();
      throw error;
    }
  });

  app.put(adminApiPaths.adminFollowUp, { bodyLimit: SEQUENCE_BODY_BYTES }, async (request) => {
    const id = idOf(request);
    const admin = await signedInAdmin(request, ctx);
    const input = checked(request.body);
    await existing(id);
    try {
      const row = await db.transaction(async (tx) => {
        const saved = await updateSequence(tx, id, { ...input, steps: storedSteps(input, settings.publicUrl), updatedBy: admin.email });
        if (saved) {
          await recordAudit(tx, admin, {
            action: 'follow_up_saved',
            targetType: 'follow_up_sequence',
            targetId: id,
            details: { name: input.name, target: targetLabel(input.targetKind, input.target), steps: input.steps.length },
          });
        }
        return saved;
      });
      if (!row) throw new HttpError(404, 'No follow-up sequence with this id');
      return viewOne(row);
    } catch (error) {
      if (error instanceof TargetTakenError) throw targetTaken();
      throw error;
    }
  });

  app.post(adminApiPaths.adminFollowUpSwitch, async (request) => {
    const id = idOf(request);
    const admin = await signedInAdmin(request, ctx);
    const { active } = parseInput(followUpSwitchSchema, request.body);
    const current = await existing(id);
    await db.transaction(async (tx) => {
      if (await switchSequence(tx, id, active, admin.email)) {
        await recordAudit(tx, admin, {
          action: active ? 'follow_up_switched_on' : 'follow_up_switched_off',
          targetType: 'follow_up_sequence',
          targetId: id,
          details: { name: current.name, target: targetLabel(current.targetKind, current.target) },
        });
      }
    });
    return viewOne(await existing(id));
  });
}
