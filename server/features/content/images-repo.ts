import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { ImageType } from '#shared/content/pages';
import type { Database, Executor } from '../../db/client';
import { images } from './schema';

export type NewImage = Omit<typeof images.$inferInsert, 'id' | 'createdAt'>;

export async function insertImage(db: Executor, image: NewImage): Promise<string> {
  const [row] = await db.insert(images).values(image).returning({ id: images.id });
  return row!.id;
}

/** The stored copy, or the phone size; `id` is compared as text, so an address that is no UUID finds nothing rather than failing. */
export async function findImage(db: Executor, id: string, phone: boolean): Promise<{ contentType: ImageType; data: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: images.contentType, data: phone ? images.phoneData : images.data })
    .from(images)
    .where(eq(sql`${images.id}::text`, id));
  return row;
}

/** The next images (in id order, after `after`) stored before their metadata was stripped. */
export async function imagesToStrip(db: Database, after: string, limit: number) {
  return db
    .select({ id: images.id, contentType: images.contentType, data: images.data })
    .from(images)
    .where(and(eq(images.metadataStripped, false), gt(images.id, after)))
    .orderBy(asc(images.id))
    .limit(limit);
}

export async function saveStrippedImage(db: Database, id: string, copy: { data: Buffer; width: number; height: number }): Promise<void> {
  await db
    .update(images)
    .set({ ...copy, metadataStripped: true })
    .where(eq(images.id, id));
}
