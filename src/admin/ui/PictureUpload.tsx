/**
 * "Upload a picture" beside an image address field: the picked picture is shrunk in the browser
 * (at most 1600 px, JPEG), posted straight to storage under a policy the server made for it
 * (POST /api/admin/course-pictures), then checked (…/{id}/check), which keeps it re-encoded and
 * answers its public address; `onUploaded` puts that address in the field. Progress and failures
 * are said in a live region beside the button.
 */
import { useRef, useState } from 'react';
import type { CoursePictureChecked, CoursePicturePolicy } from '../../lib/schemas/course-picture';
import { PICTURE_TYPES, PICTURE_TYPE_MESSAGE } from '../../lib/schemas/course-picture';
import { api, messageOf } from '../api';
import { shrinkPicture } from '../shrink-image';

/** Uploads one picture and answers its public address. */
async function uploadPicture(file: File, onStage: (stage: string) => void): Promise<CoursePictureChecked> {
  onStage('Making the picture smaller…');
  const picture = await shrinkPicture(file);
  onStage('Uploading the picture…');
  const policy = await api<CoursePicturePolicy>('/api/admin/course-pictures', { body: { type: picture.type, size: picture.size } });
  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.set(name, value);
  form.set('file', picture, 'picture.jpg');
  let posted: Response;
  try {
    posted = await fetch(policy.url, { method: 'POST', body: form, credentials: 'omit' });
  } catch {
    throw new Error('The picture could not be uploaded: the connection failed. Please try again.');
  }
  if (!posted.ok) throw new Error('The picture could not be uploaded. Please try again.');
  onStage('Checking the picture…');
  return api<CoursePictureChecked>(`/api/admin/course-pictures/${encodeURIComponent(policy.id)}/check`, { body: {} });
}

export default function PictureUpload({ onUploaded }: { onUploaded: (path: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState('');
  const [error, setError] = useState('');
  const busy = Boolean(stage);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return setError(PICTURE_TYPE_MESSAGE);
    try {
      const checked = await uploadPicture(file, setStage);
      onUploaded(checked.path);
      setStage('');
    } catch (failure) {
      setStage('');
      setError(messageOf(failure, failure instanceof Error && failure.message ? failure.message : 'The picture could not be uploaded. Please try again.'));
    }
  };

  return (
    <div className="admin-picture">
      <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? 'Please wait…' : 'Upload a picture'}
      </button>
      <input
        ref={input}
        hidden
        aria-label="Picture of the course"
        type="file"
        accept={PICTURE_TYPES.join(',')}
        disabled={busy}
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <p className="form-hint" role="status">
        {stage}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
