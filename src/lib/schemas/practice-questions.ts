/**
 * The question bank and a course's chapters (decision 052; the admin app's Add a Course, Question
 * bank and Import questions screens, and /api/admin/practice/…): the same schemas check the forms
 * in the browser and the requests in the functions. Every text is kept as typed, in NFC (Hindi
 * typed on a phone and on a PC compares the same).
 */
import { z } from './zod';
import { TextSchema } from './fields';
import { plainText } from './plain-text';
import { RecordIdSchema, VersionSchema } from './records';

/** How hard a question is. */
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
/** Each difficulty in words. */
export const DIFFICULTY_LABELS: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

/** Fewest and most options of a question. */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;
/** Longest question, option and explanation (migration 027 allows 2,000 characters of question). */
export const MAX_QUESTION = 2000;
export const MAX_OPTION = 500;
export const MAX_EXPLANATION = 2000;

/** Text as kept: trimmed, NFC. */
const nfc = (v: string) => v.normalize('NFC');

/** A required text of `label`, 1 to `max` characters, in NFC. */
const Words = (label: string, max: number, multiline = false) => TextSchema(label, 1, max, { multiline }).transform(nfc);
/** An optional text (empty allowed), in NFC. */
const OptionalWords = (label: string, max: number) =>
  z
    .string({ message: `Please write ${label}, or leave it empty.` })
    .trim()
    .check(plainText(label, { multiline: true }))
    .max(max, `Please shorten ${label} to ${max} characters.`)
    .transform(nfc)
    .default('');

/** An id given as digits or a number. */
const IdSchema = (message: string) =>
  z
    .union([z.string(), z.number()], { message })
    .transform(String)
    .pipe(z.string().regex(/^[1-9]\d{0,17}$/, message));

/* ---------------------------------------------------------------------------- chapters --- */

const ChapterTitles = {
  /** The chapter's title in English, e.g. "Computer basics". */
  titleEn: Words('the English title', 120),
  /** The same in Hindi, e.g. "कंप्यूटर की बुनियादी बातें". */
  titleHi: Words('the Hindi title', 120),
};

/** POST /api/admin/practice/chapters: a new chapter at the end of its course's list. */
export const ChapterCreateSchema = z.object({
  /** The course it belongs to. */
  courseId: IdSchema('Please choose the course.'),
  ...ChapterTitles,
});
export type ChapterCreate = z.infer<typeof ChapterCreateSchema>;

/** PATCH /api/admin/practice/chapters/{id}: new titles, or a move up or down the list. */
export const ChapterUpdateSchema = z.union([
  z.object({ ...ChapterTitles, /** The version the edit was based on. */ version: VersionSchema }).strict(),
  z
    .object({
      /** One place up or down the course's list. */
      move: z.enum(['up', 'down'], { message: 'Please move the chapter up or down.' }),
      version: VersionSchema,
    })
    .strict(),
]);
export type ChapterUpdate = z.infer<typeof ChapterUpdateSchema>;

/** GET /api/admin/practice/chapters?course=: the course whose chapters are listed (none: every course with its counts). */
export const ChapterQuerySchema = z.object({
  course: z.preprocess((v) => (v === '' ? undefined : v), RecordIdSchema.optional()),
});

/** A chapter as the screens show it. */
export interface Chapter {
  id: string;
  courseId: string;
  titleEn: string;
  titleHi: string;
  position: number;
  version: number;
  /** Questions in it (archived ones aside). */
  questions: number;
  /** Archived questions in it (they still keep it from being deleted). */
  archived: number;
  /** Tests that draw from it. */
  tests: number;
}

/* ---------------------------------------------------------------------------- questions --- */

/** One option in both languages. */
export const OptionSchema = z.object({
  /** The option in English. */
  en: Words('the option in English', MAX_OPTION),
  /** The option in Hindi. */
  hi: Words('the option in Hindi', MAX_OPTION),
});
export type QuestionOption = z.infer<typeof OptionSchema>;

/** The name of an uploaded question picture (POST /api/admin/practice/question-pictures). */
export const PICTURE_NAME = /^[0-9a-f]{32}$/;
/** The public address of a question picture, as the paper shows it. */
export const questionPicturePath = (name: string) => `/api/question-pictures/${name}`;
/** The storage key of a question picture (question_versions.picture). */
export const questionPictureKey = (name: string) => `question-pictures/${name}.webp`;
/** The picture's name from its storage key (null for none). */
export const pictureNameOf = (key: string | null) => (key ? (/^question-pictures\/([0-9a-f]{32})\.webp$/.exec(key)?.[1] ?? null) : null);

/** A text compared for duplicates: lower case, spaces collapsed, NFC. */
export const sameText = (v: string) => v.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-IN');

const QuestionShape = {
  /** The course the question belongs to. */
  courseId: IdSchema('Please choose the course.'),
  /** Its chapter (of that course). */
  chapterId: IdSchema('Please choose the chapter.'),
  /** Easy, medium or hard. */
  difficulty: z.enum(DIFFICULTIES, { message: 'Please choose the difficulty: Easy, Medium or Hard.' }),
  /** The question in English. */
  textEn: Words('the question in English', MAX_QUESTION, true),
  /** The question in Hindi. */
  textHi: Words('the question in Hindi', MAX_QUESTION, true),
  /** 2 to 6 options, each in both languages, in the order written. */
  options: z
    .array(OptionSchema, { message: 'Please write the options.' })
    .min(MIN_OPTIONS, `A question needs at least ${MIN_OPTIONS} options.`)
    .max(MAX_OPTIONS, `A question can have at most ${MAX_OPTIONS} options.`),
  /** The right option or options: positions in `options`, from 0. */
  correct: z
    .array(
      z
        .number({ message: 'Please tick the right option.' })
        .int('Please tick the right option.')
        .min(0)
        .max(MAX_OPTIONS - 1),
      {
        message: 'Please tick the right option.',
      },
    )
    .min(1, 'Please tick the right option (at least one).')
    .max(MAX_OPTIONS)
    .transform((c) => [...new Set(c)].sort((a, b) => a - b)),
  /** Why the right answer is right, in English (may be empty when the Hindi is too). */
  explanationEn: OptionalWords('the explanation in English', MAX_EXPLANATION),
  /** The same in Hindi. */
  explanationHi: OptionalWords('the explanation in Hindi', MAX_EXPLANATION),
  /** Show the options in the order written (e.g. "All of the above"), not shuffled. */
  keepOrder: z.boolean({ message: 'Please say whether to keep the options in this order.' }).default(false),
  /** An uploaded picture's name, or null for none. */
  picture: z.string({ message: 'Please upload the picture again.' }).regex(PICTURE_NAME, 'Please upload the picture again.').nullable().default(null),
};

/** Checks across fields: the right options exist, no option twice, an explanation in both languages or neither. */
function checkQuestion(q: { options: QuestionOption[]; correct: number[]; explanationEn: string; explanationHi: string }, ctx: z.RefinementCtx) {
  for (const c of q.correct)
    if (c >= q.options.length)
      ctx.addIssue({ code: 'custom', path: ['correct'], message: `Option ${c + 1} is not one of the ${q.options.length} options: please tick a right one.` });
  for (const lang of ['en', 'hi'] as const) {
    const seen = new Map<string, number>();
    q.options.forEach((o, i) => {
      const key = sameText(o[lang]);
      const first = seen.get(key);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['options', i, lang],
          message: `Option ${i + 1} is the same as option ${first + 1} (${lang === 'en' ? 'English' : 'Hindi'}): each option must differ.`,
        });
      else seen.set(key, i);
    });
  }
  if (Boolean(q.explanationEn) !== Boolean(q.explanationHi))
    ctx.addIssue({
      code: 'custom',
      path: [q.explanationEn ? 'explanationHi' : 'explanationEn'],
      message: `Please write the explanation in ${q.explanationEn ? 'Hindi' : 'English'} too (or leave both empty).`,
    });
}

/** POST /api/admin/practice/questions: a new question. */
export const QuestionFieldsSchema = z.object(QuestionShape).superRefine(checkQuestion);
export type QuestionFields = z.infer<typeof QuestionFieldsSchema>;
export type QuestionFieldsInput = z.input<typeof QuestionFieldsSchema>;

/** PATCH /api/admin/practice/questions/{id}: the question as edited, and the version it was based on. */
export const QuestionUpdateSchema = z
  .object({ ...QuestionShape, /** The question's version the edit was based on. */ version: VersionSchema })
  .superRefine(checkQuestion);
export type QuestionUpdate = z.infer<typeof QuestionUpdateSchema>;

/** PATCH /api/admin/practice/questions/{id} {restore: true}: an archived question back in the bank. */
export const QuestionRestoreSchema = z.object({ restore: z.literal(true), version: VersionSchema }).strict();

/** An empty query parameter counts as left out. */
const blank = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/admin/practice/questions: search and filters. */
export const QuestionListQuerySchema = z.object({
  /** Words of the question, in English or Devanagari. */
  q: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().check(plainText('the search')).max(100, 'Please shorten the search to 100 characters.').transform(nfc).optional(),
  ),
  course: z.preprocess(blank, RecordIdSchema.optional()),
  chapter: z.preprocess(blank, RecordIdSchema.optional()),
  difficulty: z.preprocess(blank, z.enum(DIFFICULTIES, { message: 'Please choose the difficulty: Easy, Medium or Hard.' }).optional()),
  /** Show the archived questions instead of those in the bank. */
  archived: z.preprocess(blank, z.enum(['yes', 'no'], { message: 'Please choose the questions in the bank or the archived ones.' }).default('no')),
});

/** A question in the list. */
export interface QuestionRow {
  id: string;
  textEn: string;
  textHi: string;
  course: string;
  chapter: string;
  difficulty: Difficulty;
  options: number;
  picture: boolean;
  sample: boolean;
  archived: boolean;
  currentVersion: number;
}

/** A question as its form edits it. */
export interface Question extends Omit<QuestionFields, 'picture'> {
  id: string;
  course: string;
  chapter: string;
  picture: string | null;
  /** The picture's address, as the paper shows it. */
  picturePath: string | null;
  sample: boolean;
  archived: boolean;
  currentVersion: number;
  version: number;
  /** Whether a fixed paper or an attempt has it (so it can be archived, not deleted). */
  used: boolean;
}
