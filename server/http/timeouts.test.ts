import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REQUEST_TIMEOUT_MS: '1500', IDLE_TIMEOUT_MS: '60000' });
});
afterAll(() => t.close());

describe('request timeouts', () => {
  it('drops a client whose body trickles in and never finishes', async () => {
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined); // the server closing mid-write is the expected outcome
    await new Promise((r) => socket.once('connect', r));
    socket.write('POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    // A byte every 200 ms keeps the socket busy, so only the request deadline can end it.
    const trickle = setInterval(() => socket.write(' '), 200);
    const started = Date.now();
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(trickle);
    const held = Date.now() - started;
    expect(held).toBeGreaterThanOrEqual(1000);
    expect(held).toBeLessThan(6000);
  }, 15_000);
});
