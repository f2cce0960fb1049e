/**
 * One line of the audit log in words: who did what to whom ("Asha Verma disabled Ravi Kumar's
 * account", "Asha Verma deleted the student record of Sunita Sharma"). The record's name comes
 * from the line itself (`detail.subject`, kept when it was written, so it survives the record's
 * deletion), else from the record as it is now (`current`), else the kind of record and its number.
 */
import { FORMS } from './schemas/application-forms';
import { dayInWords, monthInWords } from './attendance-words';
import { APPLICATION_FORM_LABELS } from './schemas/application-status';
import { STATUS_LABELS, type LeadStatus } from './schemas/lead';
import { RECORD_KINDS, recordKindLabel } from './labels';
import { ROLE_LABELS, type Role } from './staff-roles';
import { ROSTER_STATUS_LABELS, type RosterStatus } from './batch-words';
import { PAYMENT_MODE_LABELS, type PaymentMode } from './fee-words';
import { formatRupees, isPaise } from './money';
import { LANGUAGE_WORDS, type PersonLanguage } from './person-language';
import { formatIndiaMoment } from './india-time';

/** What the sentence is made from: a line of audit_log and the names around it. */
export interface AuditFacts {
  /** The member of staff who did it (null when their account is gone). */
  actor: string | null;
  action: string;
  entity: string | null;
  entityId: string | null;
  detail: Record<string, unknown> | null;
  /** The record's name as it is now, for a line written before names were kept (null when deleted). */
  current?: string | null | undefined;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** A role in words ('Counsellor'); the stored value when unknown. */
const roleWords = (v: unknown) => (Object.hasOwn(ROLE_LABELS, text(v)) ? ROLE_LABELS[text(v) as Role] : text(v));
const count = (n: unknown, one: string, many = `${one}s`) => `${Number(n) || 0} ${Number(n) === 1 ? one : many}`;

/** The fields an update or create names, in words: 'price and duration'. */
function fieldList(fields: unknown): string {
  const names = (Array.isArray(fields) ? fields : []).map((f) =>
    text(f)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase(),
  );
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The record in words: 'the student record of Sunita Sharma', 'course “Tally Prime”', 'lead AP-2026-00012 (Asha)'. */
function recordWords(facts: AuditFacts): string {
  const { entity, entityId, detail } = facts;
  const kind = recordKindLabel(entity);
  const name = text(detail?.['subject']) || text(facts.current);
  const person = text(detail?.['person']);
  if (!name) return entityId ? `${kind} #${entityId}` : `a ${kind}`;
  switch (entity) {
    case 'student':
      return `the student record of ${name}`;
    case 'staff':
      return `${name}’s staff account`;
    case 'lead':
      return `lead ${name}${person ? ` (${person})` : ''}`;
    case 'application':
      return `application ${name}`;
    case 'attendance': {
      const when = text(detail?.['day'])
        ? ` on ${dayInWords(text(detail?.['day']))}`
        : text(detail?.['month'])
          ? ` for ${monthInWords(text(detail?.['month']))}`
          : '';
      return `the attendance of batch “${name}”${when}`;
    }
    case 'fees':
      return `the fees of ${name}`;
    case 'receipt':
      return `receipt ${name}${text(detail?.['student']) ? ` of ${text(detail?.['student'])}` : ''}`;
    case 'certificate':
      return `certificate ${name}${text(detail?.['student']) ? ` of ${text(detail?.['student'])}` : ''}`;
    case 'fee-plan':
      return `the fee plan of ${name}`;
    case 'practice-results':
      return `the practice test results of batch “${name}”`;
    case 'fee-due': {
      const label = text(detail?.['label']);
      const student = text(detail?.['student']);
      return `due ${name}${label ? ` (${label})` : ''}${student ? ` of ${student}` : ''}`;
    }
    case 'chapter':
      return `the chapter “${name}”${text(detail?.['course']) ? ` of ${text(detail?.['course'])}` : ''}`;
    case 'question':
      return `question #${entityId ?? '?'} “${name}”`;
    case 'batch':
    case 'course':
    case 'job':
    case 'marquee':
      return `the ${kind} “${name}”`;
    default:
      return `${kind} ${name}`;
  }
}

/** A batch's certificates issued at once, each one issued below the attendance threshold named with its reason. */
function batchCertificatesWords(who: string, detail: Record<string, unknown>): string {
  const anyway = (Array.isArray(detail['anyway']) ? (detail['anyway'] as Record<string, unknown>[]) : []).map((a) => {
    const attendance = a['attendance'] === null || a['attendance'] === undefined ? 'no class recorded' : `${text(a['attendance'])}%`;
    return `${text(a['student'])} (${attendance}): “${text(a['reason'])}”`;
  });
  const course = text(detail['course']);
  const below = anyway.length > 0 ? ` Issued despite attendance below the threshold: ${anyway.join('; ')}.` : '';
  return `${who} issued ${count(detail['count'], 'certificate')} for batch ${text(detail['batch'])}${course ? ` (${course})` : ''}.${below}`;
}

/** A list view in words: 'the leads list (50 shown, search “sharma”)'. */
function listWords(facts: AuditFacts): string {
  const { entity, detail } = facts;
  if (entity === 'audit') return 'the audit log';
  if (entity === 'certificate' && detail?.['batch']) return `the certificates of batch ${text(detail['batch'])} (${count(detail['count'], 'student')})`;
  if (entity === 'lead' && detail?.['screen'] === 'today') return 'the Today screen';
  const many = entity && Object.hasOwn(RECORD_KINDS, entity) ? RECORD_KINDS[entity]!.many.toLowerCase() : `the ${entity ?? 'records'}`;
  const search = text(detail?.['search']) || text(detail?.['q']);
  const extra = [detail?.['count'] !== undefined ? `${text(detail['count'])} shown` : '', search ? `search “${search}”` : ''].filter(Boolean).join(', ');
  return `the list of ${many}${extra ? ` (${extra})` : ''}`;
}

/** An application's document, named by its form: 'the Aadhaar card'. */
function documentWords(detail: Record<string, unknown> | null): string {
  const form = text(detail?.['form']);
  const slot = text(detail?.['slot']);
  const label = Object.hasOwn(APPLICATION_FORM_LABELS, form) ? FORMS[form as keyof typeof FORMS].documents.find((d) => d.slot === slot)?.label : undefined;
  return label ? `the ${label}` : 'a document';
}

/** What a change to a lead was, in words: 'moved it to Contacted', 'added a note'. */
function leadChange(detail: Record<string, unknown> | null): string {
  switch (detail?.['action']) {
    case 'note':
      return 'added a note to';
    case 'contact':
      return 'recorded a call or message with';
    case 'follow-up':
      return 'set the follow-up day of';
    case 'assign':
      return detail['to'] ? 'assigned' : 'unassigned';
    case 'language':
      return `set messages and e-mails in ${LANGUAGE_WORDS[text(detail['to']) as PersonLanguage] ?? text(detail['to'])} for`;
    case 'move':
      return `moved to ${STATUS_LABELS[text(detail['to']) as LeadStatus] ?? text(detail['to'])}:`;
    default:
      return 'changed';
  }
}

/** A register's first save or correction in words: 'took the attendance of … : 28 present, 2 absent (Sunita Sharma absent)'. */
function attendanceWords(who: string, facts: AuditFacts, record: string): string {
  const { action, detail } = facts;
  const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
  if (action === 'create') {
    const counts = (detail?.['counts'] ?? {}) as Record<string, unknown>;
    const figures = ['present', 'absent', 'late', 'leave']
      .filter((m) => Number(counts[m]) > 0)
      .map((m) => `${Number(counts[m])} ${m === 'leave' ? 'on leave' : m}`);
    const names = list(detail?.['absent']).map((m) => `${text(m['name'])} ${text(m['to']) === 'Leave' ? 'on leave' : text(m['to']).toLowerCase()}`);
    return `${who} took ${record}: ${figures.join(', ') || 'no students'}${names.length ? ` (${names.join(', ')})` : ''}.`;
  }
  const changes = list(detail?.['changes']).map(
    (c) => `${text(c['name'])} from ${text(c['from'])} to ${text(c['to'])}${text(c['reason']) ? ` (${text(c['reason'])})` : ''}`,
  );
  return `${who} corrected ${record}: ${changes.join('; ') || 'no marks changed'}.`;
}

/** A change to a batch's roster in words: 'added Sunita Sharma to', 'moved Sunita Sharma to “Tally Evening” from'. */
function rosterChange(detail: Record<string, unknown>): string {
  const student = text(detail['student']) || 'a student';
  switch (detail['action']) {
    case 'assign':
      return `added ${student}${detail['joinedOn'] ? ` (joined ${dayInWords(text(detail['joinedOn']))})` : ''} to`;
    case 'remove':
      return `removed ${student} from`;
    case 'move':
      return `moved ${student} to “${text(detail['to'])}” from`;
    case 'roster-status':
      return `marked ${student} as ${ROSTER_STATUS_LABELS[text(detail['to']) as RosterStatus] ?? text(detail['to'])} in`;
    default:
      return 'changed';
  }
}

/** Giving a plan's dues to the students already in its course or batch, in words. */
function planApplyWords(who: string, record: string, detail: Record<string, unknown>): string {
  const names = Array.isArray(detail['students']) ? detail['students'].map(text).join(', ') : '';
  const alone = [
    Number(detail['owing']) > 0 ? `${count(detail['owing'], 'student')} already owing from a plan for the course` : '',
    Number(detail['ownPlan']) > 0 ? `${count(detail['ownPlan'], 'student')} in a batch with its own plan` : '',
  ].filter(Boolean);
  return `${who} gave dues from ${record} to ${count(detail['given'], 'student')} already in it, each from their joining day (${count(detail['dues'], 'due')}${names ? `: ${names}` : ''}).${alone.length ? ` Left alone: ${alone.join('; ')}.` : ''}`;
}

/** Paise in rupees, or '' for what is not an amount. */
const rupees = (v: unknown) => (isPaise(v) ? formatRupees(v) : '');

/** A receipt's amount in words, with its advance: '₹2,500' or '₹9,500 (₹500 as an advance)'. */
function receiptAmount(detail: Record<string, unknown> | null): string {
  const advance = Number(detail?.['advancePaise']) > 0 ? ` (${rupees(detail?.['advancePaise'])} as an advance)` : '';
  return `${rupees(detail?.['amountPaise']) || 'a payment'}${advance}`;
}

/** A payment mode in words ('Bank transfer'); the stored value when unknown. */
const paymentModeWords = (v: unknown) => (Object.hasOwn(PAYMENT_MODE_LABELS, text(v)) ? PAYMENT_MODE_LABELS[text(v) as PaymentMode] : text(v));

/**
 * A refund's step in words (decision 045): 'Kavita Joshi asked for a refund of ₹2,000 from receipt
 * PCI/26-27/00042 of Asha Verma: “The course did not start.”', '… approved …', '… declined …: “…”',
 * '… paid the refund of ₹2,000 from receipt PCI/26-27/00042 to Asha Verma in cash: voucher PCI/RF/26-27/0001.'
 */
function refundWords(who: string, step: string, detail: Record<string, unknown> | null): string {
  const amount = rupees(detail?.['amountPaise']) || 'money';
  const student = text(detail?.['student']) || 'a student';
  const from = `${detail?.['returns'] === 'advance' ? 'the advance on ' : ''}receipt ${text(detail?.['receipt']) || text(detail?.['subject'])}`;
  switch (step) {
    case 'create':
      return `${who} asked for a refund of ${amount} from ${from} of ${student}${detail?.['approved'] ? ' and approved it' : ''}: “${text(detail?.['reason'])}”.`;
    case 'approve':
      return `${who} approved the refund of ${amount} from ${from} of ${student}.`;
    case 'decline':
      return `${who} declined the refund of ${amount} from ${from} of ${student}: “${text(detail?.['reason'])}”.`;
    case 'pay':
      return `${who} paid back ${amount} to ${student} by ${paymentModeWords(detail?.['mode'])}: refund voucher ${text(detail?.['subject'])} (from receipt ${text(detail?.['receipt'])}).`;
    default:
      return `${who} changed the refund of ${amount} to ${student}.`;
  }
}

/** A decision on a UPI payment a student reported: 'Kavita Joshi confirmed the UPI payment of ₹2,500 reported by Asha Verma (receipt PCI/26-27/00042).' */
function claimDecisionWords(who: string, detail: Record<string, unknown> | null): string {
  const payment = `the UPI payment of ${formatRupees(Number(detail?.['amountPaise']) || 0)} reported by ${text(detail?.['subject']) || 'a student'}`;
  return detail?.['action'] === 'confirm'
    ? `${who} confirmed ${payment} (receipt ${text(detail?.['receipt'])}).`
    : `${who} rejected ${payment}: “${text(detail?.['reason'])}”.`;
}

/** A change to a student's due in words: 'a discount of ₹1,000.00 (Merit scholarship); waived the late fee of ₹200.00'. */
function dueChanges(detail: Record<string, unknown> | null): string {
  const changes = Array.isArray(detail?.['changes']) ? (detail['changes'] as Record<string, unknown>[]) : [];
  const words = changes.map((c) => {
    switch (c['field']) {
      case 'amount':
        return `the amount from ${rupees(c['from'])} to ${rupees(c['to'])}`;
      case 'dueOn':
        return `the due date from ${dayInWords(text(c['from']))} to ${dayInWords(text(c['to']))}`;
      case 'discount': {
        const what = text(c['for']) ? ` (${text(c['for'])})` : '';
        if (!Number(c['to'])) return `removed the discount of ${rupees(c['from'])}`;
        return Number(c['from']) ? `the discount from ${rupees(c['from'])} to ${rupees(c['to'])}${what}` : `a discount of ${rupees(c['to'])}${what}`;
      }
      case 'lateFee':
        return `waived the late fee of ${rupees(c['from'])}`;
      case 'waive':
        return 'waived the due';
      default:
        return `the ${text(c['field'])}`;
    }
  });
  return words.join('; ') || 'nothing';
}

/** A day's cash handed over in words: 'Asha Verma received the cash of 15 Oct 2026 from Kavita Joshi: ₹2,300 counted, ₹50 short of ₹2,350 (“…”).' */
function cashHandoverWords(who: string, detail: Record<string, unknown> | null): string {
  const expected = Number(detail?.['expectedPaise']) || 0;
  const counted = Number(detail?.['countedPaise']) || 0;
  const difference = counted - expected;
  const against =
    difference === 0 ? 'as expected' : `${formatRupees(Math.abs(difference))} ${difference < 0 ? 'short of' : 'over'} ${formatRupees(Math.max(expected, 0))}`;
  const reason = text(detail?.['reason']) ? ` (“${text(detail?.['reason'])}”)` : '';
  return `${who} received the cash of ${dayInWords(text(detail?.['day']))} from ${text(detail?.['subject']) || 'a member of staff'}: ${formatRupees(counted)} counted, ${against}${reason}.`;
}

/** A change of the office's settings (Settings screen) in words; null for another setting. */
function officeSettingWords(who: string, action: string, entityId: string | null, detail: Record<string, unknown> | null): string | null {
  const days = (n: unknown) => count(n, 'day');
  if (entityId === 'attendance-threshold' && action === 'update')
    return `${who} changed the attendance threshold from ${text(detail?.['from'])}% to ${text(detail?.['to'])}%.`;
  if (entityId === 'late-fee-grace-days' && action === 'update')
    return `${who} changed the grace days a new fee plan starts with from ${days(detail?.['from'])} to ${days(detail?.['to'])}.`;
  if (entityId === 'holiday' && (action === 'create' || action === 'delete'))
    return `${who} ${action === 'create' ? 'added' : 'removed'} the holiday “${text(detail?.['name'])}” on ${dayInWords(text(detail?.['day']))}.`;
  return null;
}

/** An import of students from a file, or its preview: 'imported 30 students from students.xlsx (Tally Morning: 20; 60 dues from the fee plans)'. */
function studentImportWords(who: string, action: string, detail: Record<string, unknown> | null): string {
  const file = text(detail?.['subject']) || 'a file';
  if (action === 'view') {
    const problems = Number(detail?.['problems']) || 0;
    return `${who} checked ${file} before importing it (${count(detail?.['rows'], 'row')}, ${problems ? count(problems, 'problem') : 'no problems'}).`;
  }
  const batches = Array.isArray(detail?.['batches'])
    ? (detail['batches'] as Record<string, unknown>[]).map((b) => `${text(b['name'])}: ${text(b['students'])}`)
    : [];
  const dues = Number(detail?.['dues']) > 0 ? `${count(detail?.['dues'], 'due')} from the fee plans` : '';
  const extra = [batches.join(', '), dues].filter(Boolean).join('; ');
  return `${who} imported ${count(detail?.['students'], 'student')} from ${file}${extra ? ` (${extra})` : ''}.`;
}

/**
 * A change to the question bank in words (decision 052): an import ('imported 25 questions from
 * bank.xlsx (CCC: Computer basics: 20, …)'), a chapter renamed or moved, a question's new version,
 * archived or back in the bank; null for what the general sentences say well.
 */
function questionBankWords(who: string, facts: AuditFacts, record: string): string | null {
  const { action, entity, detail } = facts;
  if (entity === 'question-import') {
    const chapters = Array.isArray(detail?.['chapters'])
      ? (detail['chapters'] as Record<string, unknown>[]).map((c) => `${text(c['name'])}: ${text(c['questions'])}`).join(', ')
      : '';
    return `${who} imported ${count(detail?.['questions'], 'question')} from ${text(detail?.['subject']) || 'a file'}${chapters ? ` (${chapters})` : ''}.`;
  }
  if (action !== 'update') return null;
  if (entity === 'chapter' && detail?.['action'] === 'move') return `${who} moved ${record} ${text(detail['to'])} the list.`;
  if (entity === 'chapter' && detail?.['action'] === 'rename') {
    const from = (detail['from'] ?? {}) as Record<string, unknown>;
    const to = (detail['to'] ?? {}) as Record<string, unknown>;
    return `${who} renamed the chapter “${text(from['en'])}” (${text(from['hi'])})${text(detail['course']) ? ` of ${text(detail['course'])}` : ''} to “${text(to['en'])}” (${text(to['hi'])}).`;
  }
  if (entity === 'question' && detail?.['action'] === 'archive')
    return `${who} archived ${record}: no new test draws it; the tests and attempts that had it keep it.`;
  if (entity === 'question' && detail?.['action'] === 'restore') return `${who} put ${record} back in the question bank.`;
  if (entity === 'question') {
    const changes = Array.isArray(detail?.['changes']) ? detail['changes'].map(text) : [];
    const list = changes.length <= 1 ? changes.join('') : `${changes.slice(0, -1).join(', ')} and ${changes.at(-1)}`;
    const version = detail?.['newVersion'] ? ` as version ${text(detail['newVersion'])} (attempts keep the version they were given)` : '';
    return `${who} changed ${record}${list ? `: ${list}` : ''}${version}.`;
  }
  return null;
}

/**
 * A practice test's or an opening's change in words (decision 052): 'Meena Joshi made the practice
 * test “RS-CIT mock 1” (35 questions × 2 marks, 60 minutes, pass 28)', '… opened the practice test
 * “RS-CIT mock 1” to batch RS-CIT Morning from 1 Dec 2026, 10:00 am until 3 Dec 2026, 6:00 pm'.
 */
function practiceTestWords(who: string, facts: AuditFacts): string | null {
  const { action, entity, detail } = facts;
  const test = `the practice test “${text(detail?.['subject']) || text(facts.current) || `#${facts.entityId ?? ''}`}”`;
  const figures = text(detail?.['figures']);
  if (entity === 'practice-test') {
    if (action === 'create') return `${who} made ${test}${figures ? ` (${figures})` : ''}.`;
    if (action === 'delete') return `${who} archived ${test}.`;
    if (action === 'update') {
      const fields = fieldList(detail?.['fields']);
      return `${who} changed ${test}${fields ? ` (${fields})` : ''}${figures ? `: now ${figures}` : ''}.`;
    }
    return null;
  }
  const batch = `batch ${text(detail?.['batch']) || 'a batch'}`;
  const window = (d: Record<string, unknown> | null | undefined) =>
    `from ${formatIndiaMoment(text(d?.['opensAt']))} until ${formatIndiaMoment(text(d?.['closesAt']))}`;
  if (action === 'create') return `${who} opened ${test} to ${batch} ${window(detail)}.`;
  if (action === 'delete') return `${who} withdrew ${test} from ${batch} (it was open ${window(detail)}; nobody had started).`;
  if (action === 'update' && detail?.['action'] === 'close') {
    const started = Number(detail['started']) || 0;
    return `${who} closed ${test} to ${batch} early, at ${formatIndiaMoment(text(detail['closesAt']))}${started ? ` (${count(started, 'student')} had started)` : ''}.`;
  }
  if (action === 'update') {
    const before = detail?.['from'] as Record<string, unknown> | undefined;
    return `${who} changed the window of ${test} for ${batch} to ${window(detail)}${before ? ` (it was ${window(before)})` : ''}.`;
  }
  return null;
}

/** The sentence of one audit line. */
export function auditSentence(facts: AuditFacts): string {
  const who = facts.actor || 'A former member of staff';
  const { action, entity, entityId, detail } = facts;
  const record = recordWords(facts);
  const setting = entity === 'settings' ? officeSettingWords(who, action, entityId, detail) : null;
  if (setting) return setting;
  if (entity === 'student-import') return studentImportWords(who, action, detail);
  const bank = entity === 'chapter' || entity === 'question' || entity === 'question-import' ? questionBankWords(who, facts, record) : null;
  if (bank) return bank;
  const practice = entity === 'practice-test' || entity === 'test-opening' ? practiceTestWords(who, facts) : null;
  if (practice) return practice;
  switch (action) {
    case 'sign-in':
      return `${who} signed in.`;
    case 'sign-out':
      return `${who} signed out.`;
    case 'sign-out-everywhere':
      return `${who} signed out on every device (${count(detail?.['sessions'], 'session')} ended).`;
    case 'enrol-second-factor':
      return `${who} set up their authenticator app.`;
    case 'use-recovery-code':
      return `${who} signed in with a recovery code.`;
    case 'accept-invitation':
      return `${who} accepted their invitation and set a password.`;
    case 'invite': {
      const as = detail?.['role'] ? ` as ${roleWords(detail['role'])}` : '';
      return detail?.['again'] ? `${who} sent a new invitation${as} for ${record}.` : `${who} invited a colleague${as}: ${record}.`;
    }
    case 'change-role':
      return `${who} changed the role of ${record} from ${roleWords(detail?.['from'])} to ${roleWords(detail?.['to'])}.`;
    case 'disable':
      return `${who} disabled ${record}.`;
    case 'enable':
      return `${who} enabled ${record}.`;
    case 'reset-second-factor':
      return `${who} reset the authenticator app of ${record}.`;
    case 'unlock':
      return `${who} unlocked the sign-in of ${record}.`;
    case 'reveal':
      return `${who} revealed the ${text(detail?.['label']) || 'ID number'} of ${record}.`;
    case 'view-document':
      return `${who} opened ${documentWords(detail)} of ${record}.`;
    case 'export':
      if (entity === 'person') return `${who} downloaded the data of the person of request ${text(detail?.['request'])} to hand it over.`;
      if (entity === 'fee-receipts')
        return `${who} exported the fee receipts from ${dayInWords(text(detail?.['from']))} to ${dayInWords(text(detail?.['to']))} (${count(detail?.['count'], 'receipt')}${detail?.['refunds'] ? ` and ${count(detail['refunds'], 'refund')}` : ''}) to a spreadsheet.`;
      if (entity === 'attendance' || entity === 'practice-results')
        return `${who} exported ${record} (${count(detail?.['count'], 'student')}) to a spreadsheet.`;
      return `${who} exported ${count(detail?.['count'], 'lead')} to a spreadsheet.`;
    case 'view':
      if (entity === 'fee-dues') return `${who} looked at the fees overdue and due this week (${count(detail?.['count'], 'due')}).`;
      if (entity === 'fee-report') return `${who} looked at the fee reports.`;
      if (entity === 'cash-book')
        return text(detail?.['month'])
          ? `${who} looked at the cash book of ${monthInWords(text(detail?.['month']))}.`
          : `${who} looked at the cash book of ${dayInWords(text(detail?.['day']))}.`;
      return entityId ? `${who} opened ${record}.` : `${who} looked at ${listWords(facts)}.`;
    case 'revoke':
      if (entity === 'receipt') return `${who} cancelled ${record}: “${text(detail?.['reason'])}”.`;
      return `${who} revoked ${record}: “${text(detail?.['reason'])}”.`;
    case 'create':
      if (entity === 'fee-reminder')
        return `${who} sent a WhatsApp reminder of due ${text(detail?.['subject'])} to ${text(detail?.['student'])} (${detail?.['language'] === 'hi' ? 'Hindi' : 'English'})${detail?.['emailed'] ? ', also by e-mail' : ''}.`;
      if (entity === 'attendance') return attendanceWords(who, facts, record);
      if (entity === 'certificate' && detail?.['bulk']) return batchCertificatesWords(who, detail);
      if (entity === 'certificate') {
        const warned = detail?.['attendance'] !== undefined;
        const attendance = warned ? ` despite attendance of ${detail?.['attendance'] === null ? 'no recorded class' : `${text(detail?.['attendance'])}%`}` : '';
        return `${who} issued ${record} (${text(detail?.['course'])}, batch ${text(detail?.['batch'])})${attendance}.`;
      }
      if (entity === 'receipt') return `${who} collected ${receiptAmount(detail)} by ${paymentModeWords(detail?.['mode'])}: ${record}.`;
      if (entity === 'student' && detail?.['walkIn'])
        return `${who} admitted ${record} at the counter into batch ${text(detail['batch'])}${detail['enquiry'] ? `, closing enquiry ${text(detail['enquiry'])} as admitted` : ''}.`;
      if (entity === 'cash-handover') return cashHandoverWords(who, detail);
      if (entity === 'refund') return refundWords(who, 'create', detail);
      if (entity === 'student' && detail?.['reference'])
        return `${who} admitted ${text(detail['subject']) || 'a person'} from ${text(detail['reference'])}, creating ${record}.`;
      if (entity === 'fee-plan' && detail?.['total'])
        return `${who} added ${record} (${text(detail['total'])} in ${count(detail['instalments'], 'instalment')}).`;
      if (entity === 'fee-due')
        return `${who} added ${record}: ${rupees(detail?.['amount'])} due on ${dayInWords(text(detail?.['dueOn']))}. Reason: “${text(detail?.['reason'])}”.`;
      return `${who} added ${record}.`;
    case 'delete':
      if (entity === 'person' && detail?.['erasure'])
        return `${who} erased the data of the person of request ${text(detail['subject'])} (${count(detail['leads'], 'enquiry', 'enquiries')}, ${count(detail['objects'], 'document')}).`;
      return `${who} deleted ${record}.`;
    case 'update': {
      if (entity === 'rights-request') {
        const answered = { erase: 'answered by erasing the data', done: 'answered as done', decline: 'declined' }[text(detail?.['action'])] ?? 'answered';
        return `${who} ${answered}: request ${text(detail?.['subject'])}.`;
      }
      if (entity === 'recovery-codes') return `${who} made new recovery codes.`;
      if (entity === 'attendance') return attendanceWords(who, facts, record);
      if (entity === 'settings' && entityId === 'auto-assign')
        return `${who} switched ${detail?.['enabled'] ? 'on' : 'off'} the assignment of new leads to counsellors in turn.`;
      if (entity === 'outbox') return `${who} ${detail?.['action'] === 'dismiss' ? 'dismissed' : 'asked to send again'} a failed e-mail notification.`;
      if (entity === 'person') return `${who} ${detail?.['action'] === 'unmerge' ? 'undid a merge of' : 'merged'} the enquiries of two people.`;
      if (entity === 'lead' && detail?.['bulk']) {
        const n = Array.isArray(detail['ids']) ? detail['ids'].length : 0;
        return `${who} ${detail['action'] === 'assign' ? 'assigned' : `moved to ${STATUS_LABELS[text(detail['to']) as LeadStatus] ?? text(detail['to'])}`} ${count(n, 'lead')} at once.`;
      }
      if (entity === 'lead') return `${who} ${leadChange(detail)} ${record}.`;
      if (entity === 'batch' && detail?.['action']) return `${who} ${rosterChange(detail)} ${record}.`;
      if (entity === 'fee-claim') return claimDecisionWords(who, detail);
      if (entity === 'refund') return refundWords(who, text(detail?.['action']), detail);
      if (entity === 'fee-plan' && detail?.['action'] === 'apply') return planApplyWords(who, record, detail);
      if (entity === 'fee-due') return `${who} changed ${record}: ${dueChanges(detail)}. Reason: “${text(detail?.['reason'])}”.`;
      const fields = fieldList(detail?.['fields'] ?? detail?.['changed']);
      return `${who} changed ${record}${fields ? ` (${fields})` : ''}.`;
    }
    default:
      return `${who}: ${action} ${record}.`;
  }
}
