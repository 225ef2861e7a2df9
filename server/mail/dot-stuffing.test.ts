import { describe, expect, it } from 'vitest';
import { DataStream, dataBlock, nodemailerTransform, useNativeDotStuffing } from './dot-stuffing';

useNativeDotStuffing();

/** nodemailer's DATA stream with its own escaping, whatever the process uses. */
const nodemailerDataStream = () => Object.assign(new DataStream(), { _transform: nodemailerTransform });

async function escaped(stream: InstanceType<typeof DataStream>, chunks: (Buffer | string)[]) {
  const out: Buffer[] = [];
  stream.on('data', (piece: Buffer) => out.push(piece));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return { bytes: Buffer.concat(out).toString('latin1'), inBytes: stream.inByteCount, outBytes: stream.outByteCount };
}

// A deterministic generator, so a failure can be replayed from its seed.
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

describe('the DATA phase escaping', () => {
  it('is the one nodemailer writes, byte for byte and in its counts, on random input cut at random points', async () => {
    // Mostly the bytes that matter (CR, LF, ".", NUL), at random places, in chunks of 1 to 40 bytes.
    const alphabet = ['\r', '\n', '.', '\0', 'a', 'é'];
    for (let seed = 1; seed <= 400; seed++) {
      const next = random(seed);
      const text = Array.from({ length: next(200) }, () => alphabet[next(alphabet.length)]).join('');
      const whole = Buffer.from(text);
      const chunks: (Buffer | string)[] = [];
      for (let at = 0; at < whole.length;) {
        const size = 1 + next(40);
        chunks.push(next(5) === 0 ? whole.subarray(at, at + size).toString('latin1') : whole.subarray(at, at + size));
        at += size;
      }
      const native = await escaped(new DataStream(), chunks);
      expect(native, `seed ${seed}`).toEqual(await escaped(nodemailerDataStream(), chunks));
    }
  });

  it('escapes a whole message for our SMTP client (smtp-pool.ts) as nodemailer streams it, with the same closing dot', async () => {
    const alphabet = ['\r', '\n', '.', '\0', 'a', 'é'];
    for (let seed = 1; seed <= 400; seed++) {
      const next = random(seed);
      const whole = Buffer.from(Array.from({ length: next(200) }, () => alphabet[next(alphabet.length)]).join(''));
      const { bytes } = await escaped(nodemailerDataStream(), [whole]);
      expect(Buffer.concat(dataBlock(whole)).toString('latin1'), `seed ${seed}`).toBe(bytes);
    }
  });

  it('stuffs a dot opening a line, turns bare LFs into CRLF and ends with the lone dot', async () => {
    const { bytes } = await escaped(new DataStream(), ['.first\n', '.second\r\n', 'x\n.', '.third']);
    expect(bytes).toBe('..first\r\n..second\r\nx\r\n...third\r\n.\r\n');
  });
});
