/**
 * The documents of a form in React: each slot's state, the previews of photos and signatures, and
 * the actions (choose, retry, remove). The uploader (Uppy, compressorjs) is loaded when the first
 * file is chosen, so a visitor who only reads the form never downloads it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentDef } from '../../lib/schemas/uploads';
import type { DraftDocument } from '../../lib/form-draft';
import { EMPTY, refusalOf, type SlotState, type UploadOwner } from './slot-state';
import { importUploader } from './import-uploader';
import type { Uploader } from './uploader';
import { upload_not_loaded } from '../../i18n/messages';

export interface Documents {
  /** Each slot's state. */
  states: Record<string, SlotState>;
  /** Object URLs of the chosen photo of each images-only slot. */
  previews: Record<string, string>;
  /** True while the device is offline (uploads wait). */
  offline: boolean;
  /** Checks `file` and sends it for `slot`. */
  choose: (slot: string, file: File) => void;
  /** Sends a failed slot's file again. */
  retry: (slot: string) => void;
  /** Empties a slot. */
  remove: (slot: string) => void;
  /** Empties every slot (after the form was sent, or cleared). */
  clearAll: () => void;
  /** Shows the documents of a kept fill as uploaded. */
  restore: (kept: Record<string, DraftDocument>) => void;
}

/** A slot already uploaded in a kept fill. */
const doneOf = (doc: DraftDocument): SlotState => ({ step: 'done', ...doc });

/** The documents of a form (see the module's comment); `owner` says whose fill they are. */
export function useDocuments(docs: readonly DocumentDef[], owner: () => UploadOwner): Documents {
  const [states, setStates] = useState<Record<string, SlotState>>(() => Object.fromEntries(docs.map((doc) => [doc.slot, EMPTY])));
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const [offline, setOffline] = useState(false);
  const uploader = useRef<Promise<Uploader> | undefined>(undefined);
  const ownerRef = useRef(owner);
  ownerRef.current = owner;

  const setState = useCallback((slot: string, state: SlotState) => setStates((all) => ({ ...all, [slot]: state })), []);
  // Kept in a ref as well: an object URL is made and revoked outside React's state updates.
  const previewRef = useRef<Record<string, string>>({});
  const setPreview = useCallback((slot: string, file: File | undefined) => {
    const { [slot]: old, ...rest } = previewRef.current;
    if (old) URL.revokeObjectURL(old);
    previewRef.current = file ? { ...rest, [slot]: URL.createObjectURL(file) } : rest;
    setPreviews(previewRef.current);
  }, []);

  // Read by the uploader's callbacks: the documents of /fixDocuments arrive after it is made.
  const docsRef = useRef(docs);
  docsRef.current = docs;
  /** Files chosen while the uploader could not be loaded offline: sent once back online. */
  const waitingFor = useRef(new Map<string, File>());

  const load = useCallback(() => {
    uploader.current ??= importUploader()
      .then(({ createUploader }) =>
        createUploader({
          owner: () => ownerRef.current(),
          onState: (slot, state) => {
            setState(slot, state);
            if (state.step === 'empty' || state.step === 'refused') setPreview(slot, undefined);
          },
          onPrepared: (slot, file) => {
            if (docsRef.current.find((doc) => doc.slot === slot)?.imagesOnly) setPreview(slot, file);
          },
        }),
      )
      .catch((error: unknown) => {
        // Not kept: the next file chosen tries again.
        uploader.current = undefined;
        throw error;
      });
    return uploader.current;
  }, [setState, setPreview]);

  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    // Back online: the uploader is fetched again if it could not be (a file waiting for it is
    // sent by its own listener, in choose()).
    const online = () => {
      update();
      if (!uploader.current) void load().catch(() => {});
    };
    addEventListener('online', online);
    addEventListener('offline', update);
    // The uploader is fetched once the form has woken and the page is idle, so the first file
    // chosen does not wait for it, nor fails to find it when the connection has dropped since.
    const preload = setTimeout(() => void load().catch(() => {}), 1500);
    return () => {
      clearTimeout(preload);
      removeEventListener('online', online);
      removeEventListener('offline', update);
      void uploader.current?.then((u) => u.destroy());
      Object.values(previewRef.current).forEach((url) => URL.revokeObjectURL(url));
    };
    // Once: the uploader lives as long as the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (slot: string, file: File) => {
    const doc = docs.find((d) => d.slot === slot);
    if (!doc) return;
    waitingFor.current.delete(slot);
    const refusal = refusalOf(file, doc);
    if (refusal) {
      void uploader.current?.then((u) => u.remove(slot));
      setPreview(slot, undefined);
      setState(slot, { step: 'refused', message: refusal });
      return;
    }
    setState(slot, { step: 'preparing', name: file.name });
    void load().then(
      (u) => u.add(slot, file),
      () => {
        if (navigator.onLine) {
          setState(slot, {
            step: 'refused',
            message: upload_not_loaded({ name: file.name }),
          });
          return;
        }
        // Offline before the uploader arrived: the file waits for the connection like any upload.
        setState(slot, { step: 'uploading', name: file.name, size: file.size, percent: 0, waiting: true });
        waitingFor.current.set(slot, file);
        addEventListener('online', () => waitingFor.current.get(slot) === file && choose(slot, file), { once: true });
      },
    );
  };

  const retry = (slot: string) => void load().then((u) => u.retry(slot));

  const remove = (slot: string) => {
    waitingFor.current.delete(slot);
    setPreview(slot, undefined);
    setState(slot, EMPTY);
    void uploader.current?.then((u) => u.remove(slot));
  };

  const clearAll = () => docs.forEach((doc) => remove(doc.slot));

  const restore = (kept: Record<string, DraftDocument>) =>
    setStates((all) => ({
      ...all,
      ...Object.fromEntries(
        Object.entries(kept)
          .filter(([slot]) => slot in all)
          .map(([slot, doc]) => [slot, doneOf(doc)]),
      ),
    }));

  return { states, previews, offline, choose, retry, remove, clearAll, restore };
}
