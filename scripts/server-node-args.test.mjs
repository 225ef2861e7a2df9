import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { serverNodeArgs } from './server-node-args.mjs';

// What decision 060 relies on: given on the command line, the flag caps the young generation that
// a burst of short-lived objects grows (to 32 MB by default on 64-bit Node 20).
const burst = `
  let kept = [];
  for (let i = 0; i < 3e6; i += 1) { kept.push({ i, text: 'x' + i }); if (kept.length > 2e5) kept = []; }
  const young = require('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  console.log(young.space_size / 1048576);
`;
const youngMb = (args) => Number(execFileSync(process.execPath, [...args, '-e', burst], { encoding: 'utf8' }).trim());

it('caps the young generation a burst of allocations grows', () => {
  const capped = youngMb(serverNodeArgs);
  expect(capped).toBeLessThanOrEqual(16);
  expect(youngMb([])).toBeGreaterThan(capped);
});
