// Draws the PNG icons from the site's mark, client/public/favicon.svg (the one drawing), to
// client/public/favicon-32.png (the tab icon of browsers that draw no SVG icon) and
// client/public/apple-touch-icon.png (a phone's home screen: 180×180, square and opaque, as iOS
// rounds the corners itself). Both are committed: run `node scripts/icons.mjs` after changing the mark.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const publicDir = new URL('../client/public/', import.meta.url).pathname;
const mark = readFileSync(`${publicDir}favicon.svg`, 'utf8');
const background = /<rect [^>]*fill="(#[0-9a-f]+)"/i.exec(mark)?.[1];
if (!background) throw new Error('favicon.svg has no filled <rect> to take the background from');
const square = mark.replace(/ rx="[^"]*"/, '');

await sharp(Buffer.from(mark), { density: 300 }).resize(32, 32).png({ compressionLevel: 9, palette: true }).toFile(`${publicDir}favicon-32.png`);
await sharp(Buffer.from(square), { density: 800 })
  .resize(180, 180)
  .flatten({ background })
  .png({ compressionLevel: 9, palette: true })
  .toFile(`${publicDir}apple-touch-icon.png`);
console.log(`wrote ${publicDir}favicon-32.png and ${publicDir}apple-touch-icon.png`);
