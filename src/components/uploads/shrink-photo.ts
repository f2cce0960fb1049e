/**
 * Shrinks a phone photo before it is sent: at most 1600 px on its longer side, JPEG at quality
 * 0.75, so a 4–8 MB camera photo becomes a few hundred KB (on 3G, seconds instead of minutes).
 * compressorjs draws it on a canvas in the page (nothing is loaded from another site). EXIF
 * orientation is left to the browser, which already applies it when it decodes a photo
 * (`checkOrientation: false`): turning it by hand as well would turn it twice. A file whose bytes
 * are not a JPEG, PNG or WebP (a PDF renamed .jpg, say) is sent as it is, for the server to judge.
 */
import Compressor from 'compressorjs';

/** The longer side of a shrunk photo, in pixels: still sharp enough to read a card or a seal. */
export const PHOTO_MAX_PX = 1600;
/** JPEG quality of a shrunk photo. */
export const PHOTO_QUALITY = 0.75;
/** Photos at or under this size are sent as they are (a signature, a small scan). */
export const SHRINK_FROM_BYTES = 300 * 1024;

/** True when the first bytes are a JPEG, PNG or WebP image. */
async function looksLikeImage(file: Blob): Promise<boolean> {
  const b = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const jpeg = b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
  const png = b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to));
  const webp = ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
  return jpeg || png || webp;
}

/** The file's name with a .jpg extension. */
const asJpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;

/** The photo to send: shrunk to a JPEG, or the file itself when shrinking would not help or fails. */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SHRINK_FROM_BYTES || !(await looksLikeImage(file))) return file;
  try {
    const blob = await new Promise<Blob>((resolve, reject) => {
      new Compressor(file, {
        maxWidth: PHOTO_MAX_PX,
        maxHeight: PHOTO_MAX_PX,
        quality: PHOTO_QUALITY,
        mimeType: 'image/jpeg',
        checkOrientation: false,
        success: resolve,
        error: reject,
      });
    });
    if (blob.size >= file.size) return file;
    return new File([blob], asJpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    // A photo the browser cannot decode is sent as it is: the server reads its bytes and says.
    return file;
  }
}
