/**
 * Pictures shrunk in the browser before they go anywhere. The avatar: a small square JPEG `data:`
 * address, so that it fits
 * in localStorage (a 128 px JPEG is about 5–10 KB) and shows under the page's CSP (`img-src
 * 'self' data:`; a blob: address would be refused). The browser applies the photo's EXIF
 * orientation when it decodes it, so nothing is rotated here.
 */

/** Side of the stored picture, in pixels (twice the 64 px it is shown at, for sharp screens). */
export const AVATAR_SIZE = 128;

/** The file as a data: address. */
function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The picture cut to its centre square and drawn at `size` × `size`, as a JPEG data: address. */
export async function shrinkImage(file: Blob, size = AVATAR_SIZE): Promise<string> {
  const image = new Image();
  image.src = await readAsDataUrl(file);
  await image.decode();
  const side = Math.min(image.naturalWidth, image.naturalHeight);
  if (!side) throw new Error('The picture has no size.');
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw pictures.');
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.drawImage(image, (image.naturalWidth - side) / 2, (image.naturalHeight - side) / 2, side, side, 0, 0, size, size);
  return canvas.toDataURL('image/jpeg', 0.85);
}

/**
 * A picture drawn no larger than `maxSide` on its longer side, as a JPEG Blob: a phone photo of
 * several MB goes up in a few hundred KB over 3G (the server re-encodes it again anyway).
 */
export async function shrinkPicture(file: Blob, maxSide = 1600): Promise<Blob> {
  const image = new Image();
  image.src = await readAsDataUrl(file);
  await image.decode();
  const { naturalWidth: width, naturalHeight: height } = image;
  if (!width || !height) throw new Error('The picture has no size.');
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw pictures.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!blob) throw new Error('The picture could not be made smaller.');
  return blob;
}
