import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';
import { paymentCspSource } from './payment-csp';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers, and the refusal of state-changing API calls made by other sites. Browsers
 * send Sec-Fetch-Site on every request (and Origin on every POST); a request with neither is
 * not from a browser page, so it cannot ride on a visitor's cookies.
 */
export async function registerSecurity(app: FastifyInstance, options: { publicUrl: string; behindHttps: boolean; stripeJs?: boolean }): Promise<void> {
  const stripe = Boolean(options.stripeJs);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paymentCspSource('scriptSrc', stripe)],
        // React and Radix set style properties at run time; no script may be inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...paymentCspSource('connectSrc', stripe)],
        ...(stripe ? { frameSrc: ["'self'", ...paymentCspSource('frameSrc', stripe)] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.behindHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Only meaningful over HTTPS; sent when the public URL is https.
    strictTransportSecurity: options.behindHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  const allowedOrigin = new URL(options.publicUrl).origin;
  // Every state-changing request is checked, whatever its path: the router decodes
  // percent-encoding (`/%61pi/contact` is `/api/contact`), so a test on the raw URL is bypassable.
  app.addHook('onRequest', async (request) => {
    if (!stateChanging.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new HttpError(403, 'Cross-site requests are not allowed');
    }
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new HttpError(403, 'Cross-site requests are not allowed');
    }
  });
}
