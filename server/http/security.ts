import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { HttpError } from './errors';
import { isPaymentPage, PAYMENT_PAGES, paymentCspSource } from './payment-csp';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers, and the refusal of state-changing API calls made by other sites. Browsers
 * send Sec-Fetch-Site on every request (and Origin on every POST); a request with neither is
 * not from a browser page, so it cannot ride on a visitor's cookies.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; behindHttps: boolean; stripeJs?: boolean; /** Hash sources of the inline scripts the pages carry. */ inlineScripts?: string[] },
): Promise<void> {
  const stripe = Boolean(options.stripeJs);
  const helmetOptions: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script runs but the ones named by their hash (the pages' script loader).
        scriptSrc: ["'self'", ...paymentCspSource('scriptSrc', stripe), ...(options.inlineScripts ?? [])],
        // React and Radix set style properties at run time.
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
  };
  // The same headers on every response but the payment page's: worked out once, not per request.
  const everyPage = headersOf(helmetOptions, '/');
  const paymentPage = headersOf(helmetOptions, [...PAYMENT_PAGES][0]!);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(stripe && isPaymentPage(request.raw) ? paymentPage : everyPage);
    done();
  });

  const allowedOrigin = new URL(options.publicUrl).origin;
  // Every state-changing request is checked, whatever its path: the router decodes
  // percent-encoding (`/%61pi/contact` is `/api/contact`), so a test on the raw URL is bypassable.
  // A callback hook, not an async one: every request passes here, and most are reads.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!stateChanging.has(request.method)) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite =
      (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
      (typeof origin === 'string' && origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`);
    done(crossSite ? new HttpError(403, 'Cross-site requests are not allowed') : undefined);
  });
}

/**
 * The headers helmet sets for a request to `path`. Helmet's middleware, as @fastify/helmet ran
 * it, was rebuilt on every request (its CSP parsed again each time): a quarter of what
 * `GET /api/user` cost beyond a bare server (docs/benchmarks.md).
 */
function headersOf(options: HelmetOptions, path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(options)({ url: path } as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
