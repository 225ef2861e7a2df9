import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('local outbox', () => {
  it('keeps every one of 100 mails sent at once, with no temporary file left', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nlh-mail-'));
    const mailer = createMailer({ from: 'Test <t@example.org>', dataDir });
    await Promise.all(Array.from({ length: 100 }, (_, i) => mailer.send({ to: `p${i}@example.org`, subject: 'Welcome to the Hub', text: `mail ${i}` })));
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(100);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('drain waits for background sends, and a failure is logged by the mailer', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nlh-mail-'));
    const errors: unknown[] = [];
    const log = { error: (obj: unknown) => errors.push(obj), info: () => undefined } as never;
    const mailer = createMailer({ from: 'Test <t@example.org>', dataDir, log });
    for (let i = 0; i < 10; i++) mailer.sendInBackground({ to: `q${i}@example.org`, subject: 'Later', text: 'x' }, {});
    await mailer.drain();
    expect(readdirSync(join(dataDir, 'outbox'))).toHaveLength(10);

    const broken = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Test <t@example.org>', dataDir, log });
    broken.sendInBackground({ to: 'r@example.org', subject: 'Lost?', text: 'x' }, { mail: 'test' });
    await broken.drain();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ subject: 'Lost?', mail: 'test' });
  });
});
