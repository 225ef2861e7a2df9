import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { boundedLogStream } from './log-destination';

const line = (i: number) => `${JSON.stringify({ level: 30, msg: `line ${i}`, pad: 'x'.repeat(1000) })}\n`;

describe('the log destination', () => {
  it('keeps at most its limit waiting for a reader that has stalled, drops the rest and says how many once it reads again', async () => {
    // A reader that reads nothing for a second, then everything.
    const reader = spawn('sh', ['-c', 'sleep 1; cat'], { stdio: ['pipe', 'pipe', 'ignore'] });
    let received = '';
    reader.stdout.on('data', (d: Buffer) => (received += d.toString()));
    const destination = boundedLogStream(reader.stdin, 256 * 1024);
    for (let i = 0; i < 5_000; i++) {
      destination.write(line(i));
      expect(reader.stdin.writableLength).toBeLessThanOrEqual(256 * 1024);
    }
    expect(destination.dropped).toBeGreaterThan(4_000);

    await destination.flush(10_000);
    expect(reader.stdin.writableLength).toBe(0);
    destination.write(line(5_000));
    await destination.flush(10_000);
    reader.stdin.end();
    await new Promise((resolve) => reader.on('close', resolve));
    const lines = received
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(lines.at(-2)!.msg).toMatch(/^\d+ log lines dropped: the log destination was not reading$/);
    expect(lines.at(-1)!.msg).toBe('line 5000');
    expect(lines.length).toBeLessThan(1_000);
  });

  it('a destination gone (EPIPE) drops lines without throwing; flush does not wait for it', async () => {
    const reader = spawn('true', [], { stdio: ['pipe', 'ignore', 'ignore'] });
    await new Promise((resolve) => reader.on('exit', resolve));
    const destination = boundedLogStream(reader.stdin, 1024 * 1024);
    for (let i = 0; i < 200; i++) destination.write(line(i));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(() => destination.write(line(200))).not.toThrow();
    const started = Date.now();
    await destination.flush(5_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('flush gives up after its timeout when the reader never reads', async () => {
    const reader = spawn('sleep', ['30'], { stdio: ['pipe', 'ignore', 'ignore'] });
    try {
      const destination = boundedLogStream(reader.stdin, 1024 * 1024);
      for (let i = 0; i < 2_000; i++) destination.write(line(i));
      const started = Date.now();
      await destination.flush(300);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      reader.kill('SIGKILL');
    }
  });
});
