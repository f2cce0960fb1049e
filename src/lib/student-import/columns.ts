/**
 * The columns of a students' file (the import's template and what it reads): the heading each
 * has in the template, the other headings offices use for it, and whether a row must fill it.
 * No DOM or node imports: the browser reads the file with these, the function checks with them.
 */

/** A column's key, as rows carry it. */
export type ImportColumn = 'name' | 'mobile' | 'email' | 'guardian' | 'guardianMobile' | 'course' | 'batch' | 'joinedOn' | 'language';

/** One column of the file. */
export interface ImportColumnInfo {
  key: ImportColumn;
  /** Its heading in the template, and its name in every problem the preview names. */
  heading: string;
  /** Other headings read as this column (compared without case, spaces or punctuation). */
  aliases: readonly string[];
  /** Whether the file must have this column. */
  required: boolean;
}

/** The columns in the template's order. */
export const IMPORT_COLUMNS: readonly ImportColumnInfo[] = [
  { key: 'name', heading: 'Name', aliases: ['Student name', 'Student', 'Full name', 'नाम'], required: true },
  {
    key: 'mobile',
    heading: 'Mobile',
    aliases: ['Mobile number', 'Mobile no', 'Phone', 'Phone number', 'Contact', 'Contact number', 'मोबाइल'],
    required: true,
  },
  { key: 'email', heading: 'E-mail', aliases: ['Email', 'Email address', 'E-mail address', 'Mail', 'ई-मेल'], required: false },
  {
    key: 'guardian',
    heading: 'Guardian',
    aliases: ['Guardian name', 'Guardian’s name', 'Parent', 'Parent name', 'Father', 'Father name', 'Father’s name', 'अभिभावक'],
    required: false,
  },
  {
    key: 'guardianMobile',
    heading: 'Guardian’s mobile',
    aliases: ['Guardian mobile', 'Guardian phone', 'Guardian’s phone', 'Parent mobile', 'Parent phone', 'Father mobile', 'Father’s mobile'],
    required: false,
  },
  { key: 'course', heading: 'Course', aliases: ['Course name', 'कोर्स'], required: true },
  {
    key: 'batch',
    heading: 'Batch',
    aliases: ['Batch name', 'बैच'],
    required: false,
  },
  {
    key: 'joinedOn',
    heading: 'Joining day',
    aliases: ['Joining date', 'Date of joining', 'Joined on', 'Joined', 'DOJ', 'Admission date', 'Date'],
    required: false,
  },
  {
    key: 'language',
    heading: 'Language',
    aliases: ['Messages in', 'भाषा'],
    required: false,
  },
];

/** Each column's heading by key. */
export const COLUMN_WORDS = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.heading])) as Record<ImportColumn, string>;

/** A heading as compared: lower case, without spaces, punctuation or apostrophes. */
const bare = (heading: string) =>
  heading
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s._’'()/:-]+/g, '');

const BY_HEADING = new Map<string, ImportColumn>(IMPORT_COLUMNS.flatMap((c) => [c.heading, ...c.aliases].map((h) => [bare(h), c.key] as const)));

/** The column a heading names, or null for a column the import does not read. */
export const columnOf = (heading: string): ImportColumn | null => BY_HEADING.get(bare(heading)) ?? null;

/** What the template's example row begins with: the reader leaves out a row whose Name begins so. */
export const EXAMPLE_MARK = 'Example row:';
