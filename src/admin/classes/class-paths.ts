/**
 * The addresses of the attendance screens (routes.ts lists their patterns); kept apart from
 * routes.ts so that only the panels that link to them load these, not the app's first script.
 */
import { PATHS } from '../routes';

/** The register of a batch's class (on `day`, YYYY-MM-DD, when not today). */
export const registerPath = (batchId: string, day?: string) => `${PATHS.classes}/${encodeURIComponent(batchId)}${day ? `?day=${day}` : ''}`;

/** A batch's monthly attendance grid (of `month`, YYYY-MM, when not this month). */
export const gridPath = (batchId: string, month?: string) => `${PATHS.attendance}/${encodeURIComponent(batchId)}${month ? `?month=${month}` : ''}`;
