/**
 * The tests' pictures: real image bytes made with sharp, so that file-type, the server's
 * re-encoding and the browser all read them as what they claim to be. Every test that sends a
 * photo, a signature or a picture takes it from here (PDFs: ./pdf.ts).
 */
import sharp from 'sharp';

/** The picture formats the upload slots take. */
export type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** What a plain photo may be asked to be. */
export interface PhotoOptions {
  /** Pixels across (64 by default). */
  width?: number;
  /** Pixels down (48 by default). */
  height?: number;
  /** JPEG (the default), PNG or WebP. */
  format?: PhotoFormat;
  /** JPEG quality (80 by default, sharp's own). */
  quality?: number;
}

const made = new Map<string, Promise<Buffer<ArrayBuffer>>>();

/**
 * A real picture of one colour, `width` × `height`: a 64 × 48 JPEG unless asked otherwise. The
 * same options give the same bytes (made once per process).
 */
export function photoBytes({ width = 64, height = 48, format = 'jpeg', quality = 80 }: PhotoOptions = {}): Promise<Buffer<ArrayBuffer>> {
  const key = `${width}x${height}.${format}@${quality}`;
  let bytes = made.get(key);
  if (!bytes) {
    const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
    bytes = (format === 'jpeg' ? image.jpeg({ quality }) : format === 'png' ? image.png() : image.webp()).toBuffer();
    made.set(key, bytes);
  }
  return bytes;
}

/**
 * A camera-like JPEG: a smooth scene (gradients, soft shapes) under sensor noise, which
 * compresses the way a phone photo does. `noise` and `quality` set its size: 4000 × 3000 at
 * noise 70 and quality 97 is about 8.5 MB; at noise 40 and quality 90, 3264 × 2448 is about 3 MB.
 */
export async function cameraPhoto({ width = 1200, height = 900, noise = 30, quality = 85, seed = 1 } = {}): Promise<Buffer<ArrayBuffer>> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const n = (random() - 0.5) * noise;
      pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + n));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + n));
      pixels[i + 2] = Math.max(0, Math.min(255, 128 + 100 * Math.sin(x / 97) * Math.cos(y / 131) + n));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** A signature scanned to PNG: one pen stroke, 400 × 120, a few KB. */
export function signatureBytes(): Promise<Buffer<ArrayBuffer>> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 90 C 60 10, 110 110, 160 50 S 260 20, 390 80" stroke="#123" stroke-width="6" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
