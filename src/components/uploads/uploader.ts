/**
 * The uploader of one form: Uppy 6 with its S3 plugin sends each document straight to storage
 * under a POST policy our server makes for that one file (POST /api/uploads: the key, the exact
 * type, a size range, minutes of validity), at most two at a time. It reports each slot's state
 * to the form: progress, a failure (Retry sends that file alone, under a fresh policy), a pause
 * while the device is offline (the upload starts again by itself once it is back), and after each
 * upload the server's check of the file's bytes (POST /api/uploads/check: a refusal clears the
 * slot with the server's message). Photos are shrunk first. Loaded when the first file is chosen.
 */
import Uppy, { type UppyFile } from '@uppy/core';
import AwsS3 from '@uppy/aws-s3';
import { postJson } from '../../lib/api';
import { MAX_DOCUMENT_BYTES, tooLargeMessage, type UploadChecked, type UploadPolicy } from '../../lib/schemas/uploads';
import { shrinkPhoto } from './shrink-photo';
import { interruptedMessage, isPhoto, storageRefusedMessage, uncheckedMessage, type SlotState, type UploadOwner } from './slot-state';
import { upload_removed, upload_the_file } from '../../i18n/messages';

/** Files sent at once: two keep a 3G uplink busy without starving each other. */
export const UPLOAD_CONCURRENCY = 2;

type SlotMeta = { slot: string; name: string; type: string };
type SlotFile = UppyFile<SlotMeta, Record<string, never>>;

export interface UploaderOptions {
  /** Who the uploads are for (read at each request: the fill's id changes after a send). */
  owner: () => UploadOwner;
  /** Told every change of a slot's state. */
  onState: (slot: string, state: SlotState) => void;
  /** Told the file that will be sent for a slot (the shrunk photo), for its preview. */
  onPrepared?: ((slot: string, file: File) => void) | undefined;
}

export interface Uploader {
  /** Shrinks (a photo), then sends `file` for `slot`, replacing what the slot had. */
  add(slot: string, file: File): Promise<void>;
  /** Sends a failed slot's file again (or checks it again, when only the check failed). */
  retry(slot: string): void;
  /** Stops and forgets a slot's file (its state is not changed). */
  remove(slot: string): void;
  /** Stops everything (the form is gone). */
  destroy(): void;
}

/** A refused or failed request for a policy; `final` when sending it again cannot help. */
class PolicyError extends Error {
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
  }
}

/** The owner's part of a request body: the form and fill, or the fix link's token. */
const ownerBody = (owner: UploadOwner) => ('fix' in owner ? { fix: owner.fix } : { form: owner.form, draft: owner.draft });

/** Makes the uploader of one form (see the module's comment). */
export function createUploader({ owner, onState, onPrepared }: UploaderOptions): Uploader {
  let serial = 0;
  // Uppy names a file after its name, type and size; the same file may be chosen for two slots.
  const uppy = new Uppy<SlotMeta, Record<string, never>>({
    id: 'documents',
    onBeforeFileAdded: (file) => ({ ...file, id: `${file.meta.slot}-${(serial += 1)}` }),
  });
  /** The Uppy file of each slot. */
  const fileOf = new Map<string, string>();
  /** The policy each file was last sent under (its upload id is the document's value). */
  const policyOf = new Map<string, UploadPolicy>();
  /** Slots whose file arrived but whose check failed: Retry checks again. */
  const uncheckedOf = new Map<string, string>();
  /** Files whose upload the loss of the connection stopped: sent again once it is back. */
  const waiting = new Set<string>();
  /** Slots whose file arrived but whose check the lost connection stopped: checked once it is back. */
  const checkWhenOnline = new Set<string>();
  /** Files sent but not yet started (two go at a time), in the order they were sent. */
  const queued: string[] = [];
  /** Files whose turn has come and whose upload has not ended yet. */
  const active = new Set<string>();
  /** A number per choice of a slot: the answer to an older choice is ignored. */
  const choice = new Map<string, number>();

  const current = (file: SlotFile | undefined): file is SlotFile => Boolean(file && fileOf.get(file.meta.slot) === file.id);
  const uploading = (file: SlotFile, percent: number, isWaiting = false, place?: number): SlotState => ({
    step: 'uploading',
    name: file.name ?? '',
    size: file.size ?? 0,
    percent,
    waiting: isWaiting,
    ...(place !== undefined && { place }),
  });

  uppy.use(AwsS3, {
    limit: UPLOAD_CONCURRENCY,
    shouldUseMultipart: false,
    // The key Uppy proposes is only how signRequest finds the file: the server chooses the real one.
    generateObjectKey: (file) => file.id,
    signRequest: async (request) => {
      const file = uppy.getFile(request.key);
      if (!file) throw new PolicyError(upload_removed(), true);
      // Its turn has come: it leaves the line and shows its progress.
      active.add(file.id);
      if (queued.includes(file.id)) {
        unqueue(file.id);
        if (current(file)) onState(file.meta.slot, uploading(file, 0, !navigator.onLine));
      }
      const body = { ...ownerBody(owner()), slot: file.meta.slot, name: file.name, type: file.type, size: file.size };
      const { ok, status, data } = await postJson<UploadPolicy>('/api/uploads', body);
      if (!ok) {
        const message = Object.values(data.errors ?? {})[0] ?? data.message ?? interruptedMessage(file.name ?? upload_the_file());
        // A refusal (400) stands; a limit (429), a server error or no answer may pass later.
        throw new PolicyError(message, status >= 400 && status < 500 && status !== 429);
      }
      policyOf.set(file.id, data);
      // Uppy reads the storage's address as a full URL (the local endpoint's is a path).
      return { url: new URL(data.url, location.href).href, fields: data.fields, key: data.key };
    },
  });

  /** Asks the server to read the file's bytes; the slot is done, refused or to be checked again. */
  const check = async (slot: string, fileId: string) => {
    const file = uppy.getFile(fileId);
    const policy = policyOf.get(fileId);
    if (!file || !policy) return;
    onState(slot, { step: 'checking', name: file.name ?? '', size: file.size ?? 0 });
    const { ok, status, data } = await postJson<UploadChecked>('/api/uploads/check', { uploadId: policy.uploadId, ...ownerBody(owner()) });
    if (fileOf.get(slot) !== fileId) return;
    if (ok) {
      forget(slot);
      onState(slot, { step: 'done', uploadId: data.uploadId, name: file.name ?? '', size: data.size, type: data.type, uploadedAt: Date.now() });
    } else if (status >= 400 && status < 500 && status !== 429) {
      // Refused by its bytes (and deleted by the server), or not this fill's: choose again.
      forget(slot);
      onState(slot, { step: 'refused', message: data.errors?.[slot] ?? data.message ?? uncheckedMessage(file.name ?? '') });
    } else if (status === 0 && !navigator.onLine) {
      // The connection dropped before the answer: checked again by itself once it is back.
      uncheckedOf.set(slot, fileId);
      checkWhenOnline.add(slot);
      onState(slot, { step: 'checking', name: file.name ?? '', size: file.size ?? 0, waiting: true });
    } else {
      uncheckedOf.set(slot, fileId);
      onState(slot, { step: 'failed', name: file.name ?? '', message: uncheckedMessage(file.name ?? '') });
    }
  };

  /** Forgets a slot's file (after its check, a refusal or its removal). */
  const forget = (slot: string) => {
    const fileId = fileOf.get(slot);
    fileOf.delete(slot);
    uncheckedOf.delete(slot);
    checkWhenOnline.delete(slot);
    if (!fileId) return;
    unqueue(fileId);
    ended(fileId);
    policyOf.delete(fileId);
    waiting.delete(fileId);
    if (uppy.getFile(fileId)) uppy.removeFile(fileId);
  };

  /** Tells every file still waiting for its turn its place in the line. */
  const tellPlaces = () => {
    // The first files of the line start at once while fewer than two are being sent.
    const free = Math.max(0, UPLOAD_CONCURRENCY - active.size);
    queued.forEach((fileId, index) => {
      const file = uppy.getFile(fileId);
      if (current(file) && index >= free) onState(file.meta.slot, uploading(file, 0, !navigator.onLine, index - free + 1));
    });
  };
  /** A file's upload ended (sent, failed or removed): the next in line moves up. */
  const ended = (fileId: string) => {
    if (active.delete(fileId)) tellPlaces();
  };
  /** Takes a file out of the line (its turn came, or it was removed). */
  const unqueue = (fileId: string) => {
    const at = queued.indexOf(fileId);
    if (at < 0) return;
    queued.splice(at, 1);
    tellPlaces();
  };

  /** Sends one file (Uppy's upload() would also retry every failed file; this sends just this one). */
  const send = (file: SlotFile) => {
    onState(file.meta.slot, uploading(file, 0, !navigator.onLine));
    // Uppy starts two at a time; the others wait in line until a policy is asked for them.
    queued.push(file.id);
    tellPlaces();
    uppy.retryUpload(file.id).catch(() => {
      // Failures arrive through 'upload-error'.
    });
  };

  uppy.on('upload-progress', (file, progress) => {
    if (!current(file) || !progress.bytesTotal) return;
    onState(file.meta.slot, uploading(file, Math.min(99, Math.round((progress.bytesUploaded / progress.bytesTotal) * 100))));
  });

  uppy.on('upload-success', (file) => {
    if (file) ended(file.id);
    if (current(file)) void check(file.meta.slot, file.id);
  });

  uppy.on('upload-error', (file, error) => {
    if (file) {
      unqueue(file.id);
      ended(file.id);
    }
    if (!current(file)) return;
    const slot = file.meta.slot;
    const name = file.name ?? '';
    if (error instanceof PolicyError && error.final) {
      forget(slot);
      onState(slot, { step: 'refused', message: error.message });
    } else if (error instanceof PolicyError) {
      onState(slot, { step: 'failed', name, message: error.message });
    } else if (!navigator.onLine) {
      // Cut off by the lost connection: waits, and starts again once the device is back online.
      waiting.add(file.id);
      onState(slot, uploading(file, 0, true));
    } else {
      const status = (error as { status?: unknown }).status;
      onState(slot, { step: 'failed', name, message: typeof status === 'number' && status >= 400 ? storageRefusedMessage(name) : interruptedMessage(name) });
    }
  });

  uppy.on('back-online', () => {
    for (const slot of [...checkWhenOnline]) {
      checkWhenOnline.delete(slot);
      const fileId = uncheckedOf.get(slot);
      if (!fileId) continue;
      uncheckedOf.delete(slot);
      void check(slot, fileId);
    }
    for (const fileId of [...waiting]) {
      waiting.delete(fileId);
      const file = uppy.getFile(fileId);
      if (current(file)) send(file);
    }
  });

  return {
    async add(slot, chosen) {
      forget(slot);
      const mine = (choice.get(slot) ?? 0) + 1;
      choice.set(slot, mine);
      let file = chosen;
      if (isPhoto(chosen)) {
        onState(slot, { step: 'preparing', name: chosen.name });
        file = await shrinkPhoto(chosen);
        if (choice.get(slot) !== mine) return;
      }
      if (file.size > MAX_DOCUMENT_BYTES) {
        onState(slot, { step: 'refused', message: tooLargeMessage(file.size) });
        return;
      }
      onPrepared?.(slot, file);
      const id = uppy.addFile({ name: file.name, type: file.type, data: file, meta: { slot, name: file.name, type: file.type }, source: 'form' });
      fileOf.set(slot, id);
      send(uppy.getFile(id));
    },
    retry(slot) {
      const fileId = fileOf.get(slot);
      const file = fileId ? uppy.getFile(fileId) : undefined;
      if (!fileId || !file) return;
      if (uncheckedOf.has(slot)) {
        uncheckedOf.delete(slot);
        checkWhenOnline.delete(slot);
        void check(slot, fileId);
        return;
      }
      send(file);
    },
    remove(slot) {
      // The slot's new state is the caller's to say (empty, or why a file was refused).
      choice.set(slot, (choice.get(slot) ?? 0) + 1);
      forget(slot);
    },
    destroy() {
      uppy.destroy();
    },
  };
}
