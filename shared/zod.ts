import { z } from 'zod';

/**
 * Zod, configured once for client and server: no code generation. Zod would otherwise try
 * `new Function` to speed up object parsing, which our Content-Security-Policy forbids in the
 * browser (a CSP violation logged on every page with a form).
 */
z.config({ jitless: true });

export { z };
