/**
 * The address of a module whose fetch failed, read from the browser's message: the uploader is
 * fetched again under a fresh address, as the browser keeps the failure for the old one.
 */
import { describe, expect, it } from 'vitest';
import { failedModuleUrl } from '../../src/components/uploads/import-uploader';

describe('failedModuleUrl', () => {
  it('reads the address from Chromium’s and Firefox’s messages', () => {
    const url = 'https://www.pragatiinstitute.in/_astro/uploader.B_ZKHb1m.js';
    expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(url);
    expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${url}`))).toBe(url);
    // A second failure names the fresh address: the module's own address is kept.
    expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${url}?again=1`))).toBe(url);
  });

  it('gives nothing where the message names no module (Safari)', () => {
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
    expect(failedModuleUrl('offline')).toBeUndefined();
  });
});
