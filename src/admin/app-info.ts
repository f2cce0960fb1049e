/** What every part of the admin app may read: the signed-in member of staff and the site's facts. */
import { createContext, use } from 'react';
import type { Permission, Role } from '../lib/schemas/staff';
import type { WhatsAppTemplate } from '../lib/whatsapp';

/** GET /api/admin/me. */
export interface Me {
  staff: { _id: string; name: string; email: string; role: Role; roleLabel: string };
  /** What their role may do (the server decides; the app shows only that). */
  permissions: Permission[];
  stage: 'signed-in' | 'verify' | 'enrol';
  /** Minutes without a request after which the session ends. */
  idleMinutes: number;
  /** When the session ends whatever happens (ISO time). */
  expiresAt: string;
}

export interface AppInfo {
  /** The signed-in member of staff. */
  me: Me;
  /** The institute's name, for page titles. */
  siteName: string;
  /** The public announcement line's text when there is no message. */
  announcementDefault: string;
  /** The WhatsApp message templates of content/whatsapp.json (fill with src/lib/whatsapp.ts). */
  whatsappTemplates: WhatsAppTemplate[];
}

export const AppInfoContext = createContext<AppInfo | null>(null);

/** The app's shared facts (inside the signed-in app only). */
export function useAppInfo(): AppInfo {
  const info = use(AppInfoContext);
  if (!info) throw new Error('useAppInfo outside the signed-in app');
  return info;
}

/** Whether the signed-in member of staff's role may do `permission` (inside the signed-in app only). */
export function useCan(): (permission: Permission) => boolean {
  const { me } = useAppInfo();
  return (permission) => me.permissions.includes(permission);
}
