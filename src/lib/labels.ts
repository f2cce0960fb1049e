/**
 * The words staff and e-mails show for the keys the records store: a department ('dl' → Digital
 * Literacy), a form ('apply-form' → Apply dialog), a kind of lead, a WhatsApp template
 * ('first-reply' → First reply to an enquiry), a kind of record in the audit log. One module, read
 * by the admin app and by the functions alike, so every screen, e-mail and export names things
 * the same way, from content/ where the words are kept.
 */
import departmentsFile from '../../content/departments.json';
import whatsappFile from '../../content/whatsapp.json';
import { LEAD_FORMS, LEAD_KINDS } from './schemas/lead';

/** `labels[key]`, or the key itself when it has no label (an old record, a removed entry). */
const lookUp = (labels: Record<string, string>, key: string | null | undefined): string => (key ? (Object.hasOwn(labels, key) ? labels[key]! : key) : '');

const DEPARTMENTS: Record<string, string> = Object.fromEntries(departmentsFile.departments.map((d) => [d.key, d.label.en]));
const TEMPLATES: Record<string, string> = Object.fromEntries(whatsappFile.templates.map((t) => [t.key, t.label]));

/** A department's name (content/departments.json), e.g. 'dl' → 'Digital Literacy'. */
export const departmentLabel = (key: string | null | undefined) => lookUp(DEPARTMENTS, key);

/** The name of the form a lead came from, e.g. 'apply-form' → 'Apply dialog'. */
export const formLabel = (key: string | null | undefined) => lookUp(LEAD_FORMS, key);

/** The name of a kind of lead, e.g. 'contact' → 'Message', 'csc' → its application form's name. */
export const leadKindLabel = (key: string | null | undefined) => lookUp(LEAD_KINDS, key);

/** A WhatsApp template's name (content/whatsapp.json), e.g. 'first-reply' → 'First reply to an enquiry'. */
export const templateLabel = (key: string | null | undefined) => lookUp(TEMPLATES, key);

/** A kind of record of the audit log: how one is named in a sentence, and the kinds as a list. */
export interface RecordKindWords {
  /** One record, e.g. 'student record'. */
  one: string;
  /** The list of them, e.g. 'Student records'. */
  many: string;
}

/** The kinds of record the audit log names (its `entity`), in the order its filter offers them. */
export const RECORD_KINDS: Record<string, RecordKindWords> = {
  lead: { one: 'lead', many: 'Leads' },
  application: { one: 'application', many: 'Applications' },
  person: { one: 'person', many: 'People (merged enquiries)' },
  student: { one: 'student record', many: 'Student records' },
  user: { one: 'student website account', many: 'Student website accounts' },
  staff: { one: 'staff account', many: 'Staff accounts' },
  session: { one: 'sign-in', many: 'Sign-ins' },
  'recovery-codes': { one: 'set of recovery codes', many: 'Recovery codes' },
  batch: { one: 'batch', many: 'Batches' },
  course: { one: 'course', many: 'Courses' },
  job: { one: 'job opening', many: 'Job openings' },
  marquee: { one: 'announcement', many: 'Announcements' },
  outbox: { one: 'e-mail notification', many: 'E-mail notifications' },
  settings: { one: 'setting of the institute', many: 'Settings of the institute' },
  certificate: { one: 'certificate', many: 'Certificates' },
  audit: { one: 'audit log', many: 'The audit log' },
  attendance: { one: 'attendance register', many: 'Attendance' },
  fees: { one: 'fees of a student', many: 'Students’ fees' },
  receipt: { one: 'fee receipt', many: 'Fee receipts' },
  'fee-claim': { one: 'reported UPI payment', many: 'Payments to confirm' },
  'fee-plan': { one: 'fee plan', many: 'Fee plans' },
  'fee-due': { one: 'due', many: 'Students’ dues' },
  'fee-dues': { one: 'list of dues to chase', many: 'Dues to chase' },
  'fee-reminder': { one: 'dues reminder', many: 'Dues reminders' },
  'fee-receipts': { one: 'export of fee receipts', many: 'Fee receipt exports' },
  'fee-report': { one: 'fee report', many: 'Fee reports' },
  refund: { one: 'refund voucher', many: 'Refund vouchers' },
  'cash-handover': { one: 'cash hand-over', many: 'Cash hand-overs' },
  'cash-book': { one: 'cash book', many: 'Cash book days' },
  'student-import': { one: 'import of students', many: 'Students imported from a file' },
  chapter: { one: 'chapter', many: 'Chapters of courses' },
  question: { one: 'question', many: 'Questions of the bank' },
  'question-import': { one: 'import of questions', many: 'Questions imported from a file' },
  'practice-test': { one: 'practice test', many: 'Practice tests' },
  'test-opening': { one: 'test opened to a batch', many: 'Tests opened to batches' },
  'practice-results': { one: 'practice test results of a batch', many: 'Practice test results' },
  'rights-request': { one: 'request about a person’s data', many: 'Requests about people’s data' },
  consent: { one: 'consent', many: 'Consents' },
  'held-submission': { one: 'form waiting for a parent’s consent', many: 'Forms waiting for a parent’s consent' },
};

/** How one record of `entity` is named, e.g. 'student' → 'student record' (the key when unknown). */
export const recordKindLabel = (entity: string | null | undefined) =>
  entity && Object.hasOwn(RECORD_KINDS, entity) ? RECORD_KINDS[entity]!.one : (entity ?? 'record');

export { sourceLabel } from './source-labels';
