/** The Leads list's filters in the address (src/admin/leads-list/lead-query.ts). */
import { describe, expect, test } from 'vitest';
import { activeParams, exportHref, filterCount, leadQueryString, NO_FILTERS, readLeadQuery } from '../../src/admin/leads-list/lead-query';

describe('the leads list address', () => {
  test('reads the filters it knows, trimmed, and ignores other parameters', () => {
    const query = readLeadQuery('?q=%20Sharma%20&status=new&assigned=me&utm_source=x');
    expect(query).toEqual({ ...NO_FILTERS, q: 'Sharma', status: 'new', assigned: 'me' });
  });

  test('writes only what is set, in a fixed order, leaving out the default sort', () => {
    expect(leadQueryString({ ...NO_FILTERS, sort: 'newest', status: 'lost', q: 'सीमा' })).toBe('q=%E0%A4%B8%E0%A5%80%E0%A4%AE%E0%A4%BE&status=lost');
    expect(leadQueryString({ ...NO_FILTERS, sort: 'name' })).toBe('sort=name');
    expect(leadQueryString(NO_FILTERS)).toBe('');
    expect(activeParams({ ...NO_FILTERS, course: '  ', due: 'overdue' })).toEqual({ due: 'overdue' });
  });

  test('a view read back from its own address is the same view', () => {
    const view = { ...NO_FILTERS, q: 'AP-2026-00042', kind: 'contact', from: '2026-11-01', to: '2026-11-30', sort: 'oldest' };
    expect(readLeadQuery(leadQueryString(view))).toEqual(view);
  });

  test('counts the filters besides search and sort', () => {
    expect(filterCount({ ...NO_FILTERS, q: 'x', sort: 'name', form: 'home', assigned: 'none' })).toBe(2);
  });

  test('the export takes the filters, or only the chosen leads', () => {
    expect(exportHref({ ...NO_FILTERS, status: 'new' })).toBe('/api/admin/leads/export.csv?status=new');
    expect(exportHref(NO_FILTERS)).toBe('/api/admin/leads/export.csv');
    expect(exportHref({ ...NO_FILTERS, status: 'new' }, ['4', '12'])).toBe('/api/admin/leads/export.csv?ids=4%2C12');
  });

  test('the Excel export takes the same filters and asks for an xlsx file', () => {
    expect(exportHref({ ...NO_FILTERS, status: 'new' }, undefined, 'xlsx')).toBe('/api/admin/leads/export.csv?status=new&format=xlsx');
    expect(exportHref(NO_FILTERS, undefined, 'xlsx')).toBe('/api/admin/leads/export.csv?format=xlsx');
    expect(exportHref(NO_FILTERS, ['4'], 'xlsx')).toBe('/api/admin/leads/export.csv?ids=4&format=xlsx');
  });
});
