// While a costly burst runs on the server: time a static asset and GET /api/user in a loop
// (one request at a time each, 20 ms apart) and sample the server's resident memory every
// 50 ms from /proc. What a member browsing the site would feel during the burst.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : Number.NaN);

/** A JavaScript file of the build, as a visitor's browser fetches it. */
export const staticAsset = (clientDir) => `/assets/${readdirSync(join(clientDir, 'assets')).find((f) => f.endsWith('.js'))}`;

/** Starts the probes; `stop()` ends them and returns the figures. */
export function startProbes({ origin, pid, cookie, asset }) {
  const timings = { asset: [], user: [] };
  let fiveHundreds = 0;
  let done = false;
  const startRss = rssMb(pid);
  let peakRss = startRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
  }, 50);
  const loop = async (name, url, headers) => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(url, { headers }).catch((e) => ({ status: 599, arrayBuffer: async () => console.error(name, e.cause?.code ?? e.message) }));
      await res.arrayBuffer();
      timings[name].push(performance.now() - started);
      if (res.status >= 500) fiveHundreds += 1;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const loops = [loop('asset', `${origin}${asset}`, {}), loop('user', `${origin}/api/user`, { cookie })];
  return {
    async stop() {
      done = true;
      await Promise.all(loops);
      clearInterval(sampler);
      const stats = (name) => {
        const sorted = timings[name].sort((a, b) => a - b);
        return { samples: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
      };
      return { asset: stats('asset'), user: stats('user'), fiveHundreds, startRssMb: startRss, peakRssMb: peakRss };
    },
  };
}

/** The probes' figures as table rows: request, samples, p50, p99, max. */
export const probeRows = (figures, asset) =>
  [
    [`static ${asset}`, figures.asset],
    ['GET /api/user', figures.user],
  ].map(([name, s]) => [name, s.samples, s.p50.toFixed(0), s.p99.toFixed(0), s.max.toFixed(0)]);
