// Renders web/public/favicon.svg to the PNG icons of the installable app (web/public/icons):
// icon-192.png and icon-512.png as drawn, icon-512-maskable.png on a full-bleed background with the
// mark inside the maskable safe zone (the central 80 %). Run once after changing the favicon:
//   node scripts/make-icons.mjs
// Uses the Chromium the browser tests use (CHROMIUM_PATH, default /usr/bin/chromium).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'web/public/favicon.svg'), 'utf8');
const out = path.join(root, 'web/public/icons');
const BACKGROUND = '#15803d';

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-512-maskable.png', size: 512, maskable: true },
];

function page(size, maskable) {
  const mark = maskable ? Math.round(size * 0.8) : size;
  const body = maskable ? `background:${BACKGROUND}` : 'background:transparent';
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;${body}">
<img src="${src}" width="${mark}" height="${mark}" style="display:block"></body></html>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  fs.mkdirSync(out, { recursive: true });
  for (const icon of icons) {
    const p = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await p.setContent(page(icon.size, icon.maskable));
    await p.locator('img').evaluate((img) => img.decode());
    await p.screenshot({ path: path.join(out, icon.file), omitBackground: !icon.maskable, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await p.close();
    console.info(`web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
