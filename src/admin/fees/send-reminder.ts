/**
 * Sends one dues reminder by WhatsApp from a tap: the window is opened in the tap itself (a window
 * opened after the answer would be blocked as a pop-up), the reminder is recorded
 * (POST /api/admin/fees/reminders, with `key` as its Idempotency-Key so a retry or double tap
 * records it once) and the window is led to the wa.me link of the message.
 */
import type { ReminderAnswer } from '../../lib/schemas/fee-dues';
import { api } from '../api';

/** Records the reminder of `dueId` in `language` under `key` and opens its WhatsApp message. */
export async function sendReminder(dueId: string, language: 'en' | 'hi', key: string): Promise<ReminderAnswer> {
  const opened = window.open('', '_blank');
  try {
    const answer = await api<ReminderAnswer>('/api/admin/fees/reminders', { body: { dueId, language }, headers: { 'idempotency-key': key } });
    if (opened) {
      opened.opener = null;
      opened.location.href = answer.link;
    } else window.location.href = answer.link;
    return answer;
  } catch (error) {
    opened?.close();
    throw error;
  }
}
