/**
 * The admin avatar of the header: a button that opens the file picker (images only). The picture
 * is checked (its type must start with image/), shrunk in the browser to 128 × 128 and kept in
 * localStorage as `adminProfileImage` — in this browser only, as the spec says. Without one, the
 * staff member's initials show.
 */
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { readProfileImage, writeProfileImage } from '../stores/admin-session';
import { shrinkImage } from './shrink-image';

/** Said when the file picked is not a picture. */
export const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG, WebP or GIF).';

/** Up to two initials of a name. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export default function Avatar({ name }: { name: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState(readProfileImage);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(NOT_AN_IMAGE);
      return;
    }
    setBusy(true);
    try {
      const dataUrl = await shrinkImage(file);
      if (!writeProfileImage(dataUrl)) toast.error('The picture could not be kept in this browser (its storage is full or blocked).');
      setImage(dataUrl);
      toast.success('Profile picture changed.');
    } catch {
      toast.error('This picture could not be read. Please choose a JPEG or PNG file.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-avatar">
      <button type="button" className="admin-avatar__button" disabled={busy} aria-describedby={`${id}-hint`} onClick={() => input.current?.click()}>
        {image ? (
          <img className="admin-avatar__image" src={image} width={40} height={40} alt="" />
        ) : (
          <span className="admin-avatar__initials" aria-hidden="true">
            {initials(name)}
          </span>
        )}
        <span className="sr-only">Change profile picture</span>
      </button>
      <span id={`${id}-hint`} className="sr-only">
        Opens the file picker; the picture is kept in this browser only.
      </span>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          // The same file may be picked again after a refusal.
          event.target.value = '';
        }}
      />
    </div>
  );
}
