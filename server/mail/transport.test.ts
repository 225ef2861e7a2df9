import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTransport } from './transport';

describe('the mail folder', () => {
  it('keeps every one of 100 mails sent at once, with no temporary file left', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nlh-mail-'));
    const transport = createTransport({ from: 'Test <t@example.org>', dataDir });
    await Promise.all(Array.from({ length: 100 }, (_, i) => transport.deliver({ to: `p${i}@example.org`, subject: 'Welcome to the Hub', text: `mail ${i}` })));
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(100);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a refused delivery rejects with the mail server error, for the delivery engine to classify', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nlh-mail-'));
    const broken = createTransport({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Test <t@example.org>', dataDir });
    await expect(broken.deliver({ to: 'r@example.org', subject: 'Lost?', text: 'x' })).rejects.toThrow(/ECONNREFUSED|connect/i);
  });
});
