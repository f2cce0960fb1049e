/**
 * POST /api/CSC — the CSC application form, sent as JSON (documents already uploaded, by id) or as
 * multipart/form-data with its files (under 4 MB in all); stored all or nothing, once
 * (functions/_shared/applications/application-submit.ts).
 */
import type { Config } from '@netlify/functions';
import { CSC_FORM } from '../src/lib/schemas/application-forms';
import { submitApplication } from './_shared/applications/application-submit';
import { endpoint } from './_shared/platform/http';

export default endpoint((req, context) => submitApplication(CSC_FORM, req, context), { multipart: true });

// Netlify matches a function's path without regard to case (the request's path is lower-cased
// first), so a path declared with capitals would never match: /api/CSC of the specification
// reaches this one.
export const config: Config = { path: '/api/csc' };
