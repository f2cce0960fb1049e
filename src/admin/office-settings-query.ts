/** The query of the office's settings (GET /api/admin/office-settings): the Settings screen and the fee plan form (its default grace) share it. */
import type { OfficeSettings } from '../lib/schemas/office-settings';
import { api } from './api';

/** The query's key. */
export const OFFICE_SETTINGS_KEY = ['/api/admin/office-settings'];
/** Reads the settings. */
export const loadOfficeSettings = () => api<OfficeSettings>('/api/admin/office-settings');
