import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyBodySchema, idParamsSchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import { segmentSchema } from '#shared/newsletter/segments';
import type { AppContext } from '../../context';
import { signedInAdmin } from '../../http/guards';
import { HttpError, parseInput } from '../../http/errors';
import { recordAudit } from '../../audit-log';
import { deleteSegment, findSegment, insertSegment, listSegments, SegmentNameTakenError, updateSegment } from './segments-repo';

/**
 * The saved segments of the admin's Weekly Dish tab (decision 046). Registered by
 * editionAdminRoutes, behind its admin guard.
 */
export async function segmentAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id;
  const nameTaken = () => new HttpError(400, 'name: Another segment already has this name', { name: 'Another segment already has this name' });
  const withFreeName = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof SegmentNameTakenError) throw nameTaken();
      throw error;
    }
  };
  const existing = async (id: string) => {
    const segment = await findSegment(db, id);
    if (!segment) throw new HttpError(404, 'Segment not found');
    return segment;
  };

  app.get(adminApiPaths.adminSegments, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { segments: await listSegments(db) };
  });

  app.post(adminApiPaths.adminSegments, async (request, reply) => {
    const admin = await signedInAdmin(request, ctx);
    const input = parseInput(segmentSchema, request.body);
    const id = await withFreeName(() =>
      db.transaction(async (tx) => {
        const created = await insertSegment(tx, input, admin.email);
        await recordAudit(tx, admin, { action: 'segment_created', targetType: 'segment', targetId: created, details: { name: input.name } });
        return created;
      }),
    );
    return reply.status(201).send(await existing(id));
  });

  app.put(adminApiPaths.adminSegment, async (request) => {
    const id = idOf(request);
    const admin = await signedInAdmin(request, ctx);
    const input = parseInput(segmentSchema, request.body);
    const saved = await withFreeName(() =>
      db.transaction(async (tx) => {
        const done = await updateSegment(tx, id, input, admin.email);
        if (done) await recordAudit(tx, admin, { action: 'segment_saved', targetType: 'segment', targetId: id, details: { name: input.name } });
        return done;
      }),
    );
    if (!saved) throw new HttpError(404, 'Segment not found');
    return existing(id);
  });

  app.delete(adminApiPaths.adminSegment, async (request) => {
    const id = idOf(request);
    parseInput(emptyBodySchema, request.body);
    const admin = await signedInAdmin(request, ctx);
    const outcome = await db.transaction(async (tx) => {
      const done = await deleteSegment(tx, id);
      if (done === 'deleted') await recordAudit(tx, admin, { action: 'segment_deleted', targetType: 'segment', targetId: id });
      return done;
    });
    if (outcome === 'missing') throw new HttpError(404, 'Segment not found');
    if (outcome !== 'deleted') {
      throw new HttpError(
        409,
        `This segment cannot be deleted: the ${outcome.status === 'scheduled' ? 'scheduled edition' : 'draft'} “${outcome.usedBy}” is for it. Choose another audience for that edition first.`,
      );
    }
    return { ok: true };
  });
}
