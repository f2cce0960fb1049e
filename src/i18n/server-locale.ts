/**
 * The language of the work in progress on the server: a page being built (src/middleware.ts) or
 * a request being answered (functions/_shared/platform/http.ts). Messages called within
 * `inLocale` come in that language; anywhere else in English.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { overwriteServerAsyncLocalStorage } from '../paraglide/runtime.js';
import type { Locale } from './locales';

const storage = new AsyncLocalStorage<{ locale?: Locale }>();
overwriteServerAsyncLocalStorage(storage);

/** Runs `work` with `locale` as the language of every message it calls. */
export const inLocale = <T>(locale: Locale, work: () => T): T => storage.run({ locale }, work);
