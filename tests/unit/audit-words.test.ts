/** The audit log's sentences for the staff roles and the institute's settings. */
import { describe, expect, it } from 'vitest';
import { auditSentence } from '../../src/lib/audit-words';

describe('auditSentence', () => {
  it('says a role change and an invitation in a role in words', () => {
    expect(
      auditSentence({
        actor: 'Asha Verma',
        action: 'change-role',
        entity: 'staff',
        entityId: 'x',
        detail: { from: 'counsellor', to: 'owner' },
        current: 'Ravi Kumar',
      }),
    ).toBe('Asha Verma changed the role of Ravi Kumar’s staff account from Counsellor to Owner.');
    expect(
      auditSentence({
        actor: 'Asha Verma',
        action: 'invite',
        entity: 'staff',
        entityId: 'x',
        detail: { again: false, role: 'teacher', subject: 'Meena Joshi' },
      }),
    ).toBe('Asha Verma invited a colleague as Teacher: Meena Joshi’s staff account.');
  });

  it('says the switch of automatic assignment', () => {
    expect(auditSentence({ actor: 'Asha Verma', action: 'update', entity: 'settings', entityId: 'auto-assign', detail: { enabled: true } })).toBe(
      'Asha Verma switched on the assignment of new leads to counsellors in turn.',
    );
  });
});
