/** The pure parts of the leads list and export: what a search text is taken for, LIKE patterns, CSV cells, and which function an export address reaches. */
import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../functions/admin-leads-export';
import { containing, searchOf } from '../../functions/_shared/leads/lead-filter';

describe('the search of the leads list', () => {
  it('takes a reference whole, digits as a part of the mobile number, text with @ as e-mail, anything else as a name', () => {
    expect(searchOf('ap-2026-00042')).toEqual({ by: 'reference', value: 'AP-2026-00042' });
    expect(searchOf(' CT-2026-00007 ')).toEqual({ by: 'reference', value: 'CT-2026-00007' });
    expect(searchOf('98290')).toEqual({ by: 'phone', value: '98290' });
    expect(searchOf('+91 98290 12345')).toEqual({ by: 'phone', value: '9829012345' });
    expect(searchOf('919829012345')).toEqual({ by: 'phone', value: '9829012345' });
    expect(searchOf('0091 98290-12345')).toEqual({ by: 'phone', value: '9829012345' });
    expect(searchOf('(982) 901')).toEqual({ by: 'phone', value: '982901' });
    // Fewer than 3 digits find no number: they are looked for in names.
    expect(searchOf('98')).toEqual({ by: 'name', value: '98' });
    expect(searchOf('Asha.Jain@Gmail')).toEqual({ by: 'email', value: 'asha.jain@gmail' });
    expect(searchOf('  Asha   JAIN ')).toEqual({ by: 'name', value: 'asha jain' });
    expect(searchOf('सीता')).toEqual({ by: 'name', value: 'सीता' });
    // A reference-like text that is not one is a name.
    expect(searchOf('AP-2026')).toEqual({ by: 'name', value: 'ap-2026' });
  });

  it('matches %, _ and \\ as themselves', () => {
    expect(containing('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe('a CSV cell of the export', () => {
  it('makes formula-like text plain text and quotes what needs quoting', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+919829012345')).toBe("'+919829012345");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('सीताराम शर्मा')).toBe('सीताराम शर्मा');
    expect(csvCell('a = b')).toBe('a = b');
    expect(csvCell(null)).toBe('');
  });
});

describe('the export address', () => {
  it('reaches the export function: every other function whose path matches it leaves it out (excludedPath), or none matches', async () => {
    const functions = await listFunctions([fileURLToPath(new URL('../../functions', import.meta.url))], { parseISC: true });
    const address = '/api/admin/leads/export.csv';
    const matches = (route: { literal?: string; expression?: string }) =>
      route.literal !== undefined ? route.literal === address : route.expression !== undefined && new RegExp(route.expression).test(address);
    const reaching = functions.filter((f) => (f.routes ?? []).some(matches) && !(f.excludedRoutes ?? []).some(matches)).map((f) => f.name);
    expect(reaching).toEqual(['admin-leads-export']);
  });
});
