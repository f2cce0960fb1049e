/**
 * The Leads list's filters, search and sort as they live in the address (`/adminLeads?status=new&q=…`),
 * so a filtered view can be bookmarked, shared, reloaded and left with Back. Values are passed to
 * the server as they are: the server checks them (LeadFilterSchema) and a bad one is shown with
 * the server's own message.
 */

/** The query parameters of the list and the export, in the order the address shows them. */
export const FILTER_KEYS = ['q', 'kind', 'status', 'source', 'form', 'course', 'from', 'to', 'due', 'assigned', 'sort'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
/** Every filter as text; an empty one is left out. */
export type LeadQuery = Record<FilterKey, string>;

/** The sort the server uses when none is given (kept out of the address). */
export const DEFAULT_SORT = 'newest';

/** No filter, no search, the default sort. */
export const NO_FILTERS: LeadQuery = Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])) as LeadQuery;

/** The filters an address's query string (`?a=b…` or `a=b…`) names; other parameters are ignored. */
export function readLeadQuery(search: string): LeadQuery {
  const params = new URLSearchParams(search);
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key)?.trim() ?? ''])) as LeadQuery;
}

/** The filters that are set, as query parameters (the default sort left out). */
export function activeParams(query: LeadQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = query[key].trim();
    if (value && !(key === 'sort' && value === DEFAULT_SORT)) params[key] = value;
  }
  return params;
}

/** The query string of the filters that are set, without `?` ('' when none). */
export function leadQueryString(query: LeadQuery): string {
  return new URLSearchParams(activeParams(query)).toString();
}

/** How many filters (besides search and sort) are set. */
export const filterCount = (query: LeadQuery) => FILTER_KEYS.filter((key) => key !== 'q' && key !== 'sort' && query[key].trim()).length;

/** The address of the export of these filters, or of the chosen leads only: a CSV file, or an Excel workbook with `'xlsx'`. */
export function exportHref(query: LeadQuery, ids?: readonly string[], format: 'csv' | 'xlsx' = 'csv'): string {
  const params = new URLSearchParams(ids ? { ids: ids.join(',') } : activeParams(query));
  if (format === 'xlsx') params.set('format', 'xlsx');
  const text = params.toString();
  return `/api/admin/leads/export.csv${text ? `?${text}` : ''}`;
}
