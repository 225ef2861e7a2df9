import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../db/client';
import { deliverEditions, type SenderSettings } from '../features/editions/sender';
import { createTransport } from '../mail/transport';

/** An edition's sending settings for tests: fast, to the test's own site; any of them can be given. */
export const testSenderSettings = (settings: Partial<SenderSettings> = {}): SenderSettings => ({
  publicUrl: 'https://dish.example.org',
  postalAddress: '12 Harbour Road, Portland, ME 04101',
  ratePerSecond: 2000,
  connections: 2,
  bounceAddress: 'bounces@dish.example.org',
  ...settings,
});

/** Sends what is due of the editions that are sending, through a pooled transport to `smtpUrl` (the test's SMTP capture), as the weekly-dish job does. */
export async function deliverDueEditions(db: Database, smtpUrl: string, settings: Partial<SenderSettings> = {}) {
  const full = testSenderSettings(settings);
  const transport = createTransport({
    smtpUrl,
    from: 'Dish <dish@example.org>',
    dataDir: mkdtempSync(join(tmpdir(), 'nlh-bulk-')),
    pool: { connections: full.connections },
  });
  try {
    return await deliverEditions(db, transport, full);
  } finally {
    transport.close();
  }
}
