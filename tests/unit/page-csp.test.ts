/**
 * src/integrations/page-csp.ts: each built page's CSP keeps only the hashes of its own inline
 * scripts and styles, and a page whose inline code the policy does not cover fails the build.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { trimPolicy } from '../../src/integrations/page-csp';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const policyOf = (html: string) => /content="([^"]*)"/.exec(html)?.[1] ?? '';
const sources = (policy: string, directive: string) => new RegExp(`${directive}\\s+([^;]*)`).exec(policy)?.[1]?.trim().split(/\s+/) ?? [];

const onPage = { script: 'console.log(1)', module: 'import "./x.js"', style: 'body{color:red}' };
const elsewhere = { script: 'console.log(2)', style: 'p{color:blue}' };
const page = (policy: string, body: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="${policy}"></head><body>${body}</body></html>`;
const policy = [
  "default-src 'self'",
  `script-src 'self' ${hash(onPage.script)} ${hash(elsewhere.script)} ${hash(onPage.module)}`,
  `style-src 'self' ${hash(elsewhere.style)} ${hash(onPage.style)}`,
].join('; ');
const body = [
  `<script>${onPage.script}</script>`,
  `<script type="module">${onPage.module}</script>`,
  '<script type="module" src="/_astro/app.js"></script>',
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  `<style>${onPage.style}</style>`,
].join('');

describe('page CSP', () => {
  it("keeps only the hashes of the page's own inline scripts and styles, and every other source", () => {
    const trimmed = policyOf(trimPolicy(page(policy, body)));
    expect(sources(trimmed, 'script-src')).toEqual(["'self'", hash(onPage.script), hash(onPage.module)]);
    expect(sources(trimmed, 'style-src')).toEqual(["'self'", hash(onPage.style)]);
    expect(trimmed).toContain("default-src 'self'");
  });

  it('leaves the rest of the page as it was', () => {
    const html = page(policy, body);
    const trimmed = trimPolicy(html);
    expect(trimmed.replace(policyOf(trimmed), '')).toBe(html.replace(policyOf(html), ''));
  });

  it('fails, naming the file, when an inline script is not covered', () => {
    const html = page(policy, `${body}<script>alert(1)</script>`);
    expect(() => trimPolicy(html, 'contact.html')).toThrow(/contact\.html: inline script not covered by the CSP/);
  });

  it('fails when an inline style is not covered', () => {
    expect(() => trimPolicy(page(policy, '<style>h1{margin:0}</style>'), 'about.html')).toThrow(/about\.html: inline style/);
  });

  it('keeps the attribute quoting the page used', () => {
    const escaped = policy.replaceAll("'", '&#39;');
    const trimmed = policyOf(trimPolicy(page(escaped, body)));
    expect(trimmed).not.toContain("'");
    expect(sources(trimmed.replaceAll('&#39;', "'"), 'style-src')).toEqual(["'self'", hash(onPage.style)]);
  });

  it('leaves a page without a policy alone', () => {
    const html = `<html><head></head><body>${body}</body></html>`;
    expect(trimPolicy(html)).toBe(html);
  });
});
