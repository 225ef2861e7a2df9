import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Metadata } from 'sharp';
import { adminApiPaths } from '#shared/api/admin-paths';
import { IMAGE_LIMITS, imageAltSchema, type ImageType, MEDIA_PATH, type UploadedImage } from '#shared/content/pages';
import { z } from '#shared/zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { HttpError, parseInput } from '../../http/errors';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { findImage, imagesToStrip, insertImage, saveStrippedImage } from './images-repo';

const extensions: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
const names: Record<ImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP', 'image/gif': 'GIF' };

/** The image's type from its first bytes, whatever its name or the type it was sent as. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

const uploadQuery = z.object({ alt: imageAltSchema }).strict();
const mediaParams = z.object({ file: z.string().regex(/^([0-9a-f-]{36})(-640)?\.(png|jpg|webp|gif)$/, 'No such image') }).strict();
/** Decoding is refused above this many pixels: a small file that unpacks to gigabytes is an attack, not a photo. */
const MAX_PIXELS = 40_000_000;

const formats: Record<ImageType, 'png' | 'jpeg' | 'webp' | 'gif'> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * What a file can tell about the person who made it beyond its pixels: camera, time, place (EXIF
 * GPS), editing history (XMP, IPTC), text chunks, and a rotation the pixels do not have yet.
 * sharp does not report a GIF's comment and application extensions: GIFs are always re-encoded.
 */
const carriesMetadata = (type: ImageType, meta: Metadata) =>
  type === 'image/gif' || Boolean(meta.exif || meta.xmp || meta.iptc || meta.tifftagPhotoshop || meta.comments?.length || (meta.orientation ?? 1) !== 1);

/**
 * The copy the site stores and serves at /media: at most 1600 px wide, upright, and without
 * metadata. sharp writes none unless asked, so an image is re-encoded (in its own format) when it
 * is too wide or carries any; one that carries none and fits is kept byte for byte.
 */
async function storedCopy(bytes: Buffer, type: ImageType): Promise<{ data: Buffer; width: number; height: number }> {
  const { default: sharp } = await import('sharp');
  const animated = type === 'image/gif' || type === 'image/webp';
  const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  const tooWide = (meta.autoOrient?.width ?? meta.width ?? 0) > IMAGE_LIMITS.width;
  const data =
    tooWide || carriesMetadata(type, meta)
      ? await sharp(bytes, { animated, limitInputPixels: MAX_PIXELS })
          .rotate()
          .resize({ width: IMAGE_LIMITS.width, withoutEnlargement: true })
          .toFormat(formats[type])
          .toBuffer()
      : bytes;
  const stored = await sharp(data, { animated }).metadata();
  return { data, width: stored.width ?? 0, height: stored.pageHeight ?? stored.height ?? 0 };
}

/**
 * Images stored before metadata was stripped are cleaned once: the 'images' job runs this at
 * start and every hour, and each image is marked when done, so a second run finds nothing. An
 * image that cannot be read is left as it is (and logged), and tried again the next run.
 */
export async function stripStoredImages(db: Database, log?: FastifyBaseLogger): Promise<number> {
  let cleaned = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await imagesToStrip(db, after, 20);
    if (batch.length === 0) return cleaned;
    for (const image of batch) {
      after = image.id;
      try {
        const { data, width, height } = await storedCopy(image.data, image.contentType);
        await saveStrippedImage(db, image.id, { data, width, height });
        cleaned += 1;
      } catch (error) {
        log?.error({ err: error, image: image.id }, 'could not strip the metadata of a stored image');
      }
    }
  }
}

/**
 * Images in pages and editions. Uploaded by admins as the request body itself
 * (Content-Type image/…, the alt text in the query), checked from the bytes, stored in
 * PostgreSQL so that every server serves them, at most 1600 px wide plus a 640 px WebP for
 * phones, and served from /media/ with an immutable cache (their address never changes).
 */
export async function imageUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Admins only, checked on request: before a byte of the body is read (401, 403).
  app.addHook('onRequest', requireAdmin(ctx));
  // Above the limit by a little, so that a file just over 5 MB gets the clear 400 below.
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: IMAGE_LIMITS.bytes + 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(adminApiPaths.adminImages, async (request, reply): Promise<UploadedImage> => {
    const { alt } = parseInput(uploadQuery, request.query);
    const bytes = request.body;
    if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new HttpError(400, 'file: Choose an image to upload (PNG, JPEG, WebP or GIF)', { file: 'Choose an image to upload (PNG, JPEG, WebP or GIF)' });
    if (bytes.length > IMAGE_LIMITS.bytes) throw new HttpError(400, 'file: The image is larger than 5 MB', { file: 'The image is larger than 5 MB' });
    const type = sniffImageType(bytes);
    if (!type) throw new HttpError(400, 'file: This file is not a PNG, JPEG, WebP or GIF image', { file: 'This file is not a PNG, JPEG, WebP or GIF image' });
    const declared = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (declared !== type && !(declared === 'image/jpg' && type === 'image/jpeg')) {
      throw new HttpError(400, `file: This file is a ${names[type]} image but was sent as ${declared}`, { file: `This file is a ${names[type]} image but was sent as ${declared}` });
    }
    const { default: sharp } = await import('sharp');
    const animated = type === 'image/gif' || type === 'image/webp';
    let stored: Awaited<ReturnType<typeof storedCopy>>, phone: Buffer;
    try {
      stored = await storedCopy(bytes, type);
      phone = await sharp(bytes, { animated, limitInputPixels: MAX_PIXELS }).rotate().resize({ width: IMAGE_LIMITS.phoneWidth, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    } catch {
      throw new HttpError(400, 'file: This image could not be read: it may be damaged or too large in pixels', { file: 'This image could not be read: it may be damaged or too large in pixels' });
    }
    const uploader = await signedInAdmin(request, ctx);
    const { width, height } = stored;
    const id = await insertImage(ctx.db, {
      contentType: type,
      data: stored.data,
      phoneData: phone,
      width,
      height,
      alt,
      uploadedBy: uploader.email,
      metadataStripped: true,
    });
    const url = `/media/${id}.${extensions[type]}`;
    reply.status(201);
    return { id, url, alt, width, height, markdown: `![${alt.replace(/[[\]]/g, '')}](${url})` };
  });
}

export async function mediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(MEDIA_PATH, async (request, reply) => {
    const parsed = mediaParams.safeParse(request.params);
    if (!parsed.success) throw new HttpError(404, 'No such image');
    const [, id, phone, extension] = /^([0-9a-f-]{36})(-640)?\.(\w+)$/.exec(parsed.data.file)!;
    const row = await findImage(ctx.db, id!, Boolean(phone));
    if (!row || (!phone && extensions[row.contentType] !== extension) || (phone && extension !== 'webp')) throw new HttpError(404, 'No such image');
    return reply
      .type(phone ? 'image/webp' : row.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(row.data);
  });
}
