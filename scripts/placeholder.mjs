// Draws a labelled placeholder picture, for images the institute has yet to supply.
// Usage: node scripts/placeholder.mjs <file.jpg|.png|.webp> <width>x<height> "<label>" [hue 0-360]
// Replace the file with the real picture (same name, any size) and rebuild.
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const [out, size, label, hueArg] = process.argv.slice(2);
if (!out || !/^\d+x\d+$/.test(size ?? '') || !label) {
  console.error('usage: node scripts/placeholder.mjs <file> <width>x<height> "<label>" [hue]');
  process.exit(1);
}
const [width, height] = size.split('x').map(Number);
const hue = Number(hueArg ?? 215);
const escape = (s) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);
const fontSize = Math.max(14, Math.round(Math.min(width, height) / 14));
const lines = label.split('|');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue} 45% 88%)"/><stop offset="1" stop-color="hsl(${hue} 40% 72%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="${fontSize / 2}" y="${fontSize / 2}" width="${width - fontSize}" height="${height - fontSize}" fill="none"
    stroke="hsl(${hue} 30% 45%)" stroke-width="2" stroke-dasharray="10 8"/>
  ${lines
    .map(
      (line, i) =>
        `<text x="50%" y="${height / 2 + (i - (lines.length - 1) / 2) * fontSize * 1.3}" dominant-baseline="middle"
      text-anchor="middle" font-family="sans-serif" font-size="${i === 0 ? fontSize : fontSize * 0.7}"
      fill="hsl(${hue} 40% 22%)">${escape(line)}</text>`,
    )
    .join('\n  ')}
</svg>`;
mkdirSync(path.dirname(out), { recursive: true });
const image = sharp(Buffer.from(svg));
const ext = path.extname(out).toLowerCase();
await (ext === '.png' ? image.png() : ext === '.webp' ? image.webp({ quality: 80 }) : image.jpeg({ quality: 80 })).toFile(out);
console.log(`wrote ${out} (${width}x${height})`);
