/**
 * What the office keeps about the person behind a request, counted in staff's words from the copy
 * the server assembled for them (DataCopy, GET /api/admin/person-data): '2 enquiries',
 * '1 application (3 documents)', '24 days of attendance'. Only what there is is named.
 */

/**
 * The parts of a DataCopy (src/lib/schemas/data-rights.ts) counted here: written out as a shape
 * so that any copy with these lists fits it.
 */
export interface CopyLists {
  account: unknown;
  enquiries: readonly unknown[];
  applications: readonly { documents: readonly unknown[] }[];
  studentRecords: readonly unknown[];
  classes: readonly unknown[];
  attendance: readonly unknown[];
  fees: { dues: readonly unknown[]; receipts: readonly unknown[]; refunds: readonly unknown[]; upiReports: readonly unknown[] };
  certificates: readonly unknown[];
  practiceTests: readonly unknown[];
  consents: readonly unknown[];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The records found, one line each; empty when nothing is kept. */
export function recordsFound(copy: CopyLists): string[] {
  const documents = copy.applications.reduce((sum, a) => sum + a.documents.length, 0);
  const lines: [number, string][] = [
    [copy.account ? 1 : 0, 'A website account'],
    [copy.enquiries.length, count(copy.enquiries.length, 'enquiry', 'enquiries')],
    [
      copy.applications.length,
      `${count(copy.applications.length, 'application', 'applications')}${documents ? ` (${count(documents, 'document', 'documents')})` : ''}`,
    ],
    [copy.studentRecords.length, count(copy.studentRecords.length, 'student record', 'student records')],
    [copy.classes.length, count(copy.classes.length, 'batch', 'batches')],
    [copy.attendance.length, count(copy.attendance.length, 'day of attendance', 'days of attendance')],
    [copy.fees.dues.length, count(copy.fees.dues.length, 'due', 'dues')],
    [copy.fees.receipts.length, `${count(copy.fees.receipts.length, 'receipt', 'receipts')} (kept by law)`],
    [copy.fees.refunds.length, `${count(copy.fees.refunds.length, 'refund', 'refunds')} (kept by law)`],
    [copy.fees.upiReports.length, count(copy.fees.upiReports.length, 'UPI payment reported', 'UPI payments reported')],
    [copy.certificates.length, `${count(copy.certificates.length, 'certificate', 'certificates')} (kept by law)`],
    [copy.practiceTests.length, count(copy.practiceTests.length, 'practice test', 'practice tests')],
    [copy.consents.length, `${count(copy.consents.length, 'consent', 'consents')} (kept as proof)`],
  ];
  return lines.filter(([n]) => n > 0).map(([, words]) => words);
}
