/**
 * POST /api/emitra — the kiosk (e-Mitra) registration form, sent as JSON (documents already uploaded, by id) or as
 * multipart/form-data with its files (under 4 MB in all); stored all or nothing, once
 * (functions/_shared/applications/application-submit.ts).
 */
import type { Config } from '@netlify/functions';
import { EMITRA_FORM } from '../src/lib/schemas/application-forms';
import { submitApplication } from './_shared/applications/application-submit';
import { endpoint } from './_shared/platform/http';

export default endpoint((req, context) => submitApplication(EMITRA_FORM, req, context), { multipart: true });

export const config: Config = { path: '/api/emitra' };
