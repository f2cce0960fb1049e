/**
 * The sample question bank's schema (`content/practice/sample-bank.json`, decision 052): a demo set
 * of questions in English and Hindi, its chapters, the course it hangs on and one test of each
 * ready-made pattern. Kept apart from its collection (sample-bank.ts) so that `npm start`'s loader
 * (scripts/sample-bank.mjs), which runs outside Astro, checks the file with the same rules the
 * build does. Imports carry their `.ts` so Node runs this file as it is.
 */
import { z } from 'astro/zod';
import { text, words } from './fields.ts';

/** Option letters as a question names its right option(s): A is the first option. */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

/**
 * The ready-made test patterns of decision 052 (marks in whole marks): a sample test made from a
 * pattern keeps its figures, so the demo shows the pattern as the office will use it.
 */
export const SAMPLE_PATTERNS = {
  'ccc-mock': { questions: 100, minutes: 90, marks: 1, pass: 50, chapters: 'any' },
  'rscit-final': { questions: 35, minutes: 60, marks: 2, pass: 28, chapters: 'any' },
  'chapter-test': { questions: 15, minutes: 15, marks: 1, pass: null, chapters: 'one' },
} as const;

/** Characters that make a word a key, a file name, an address or a formula (Ctrl+C, .docx, A1, =SUM(A1:A3)). */
const TECHNICAL = /[+.@/:=<>\\_#&%$0-9]/;

/**
 * The first English word written in Latin letters in a Hindi text, if any: Hindi keeps the English
 * words people use, but in Devanagari (फ़ाइल, ई-मेल, पासवर्ड). Abbreviations and names in capitals
 * (CPU, UPI, Excel), keys and shortcuts (Ctrl+C, Enter), file names, addresses and formulas stay.
 */
export function englishWordIn(hindi: string): string | undefined {
  for (const raw of hindi.split(/\s+/)) {
    const chunk = raw.replace(/^[("'“‘[]+/, '').replace(/[)"'”’\],;:?!।.]+$/, '');
    if (chunk === '' || TECHNICAL.test(chunk)) continue;
    const word = (chunk.match(/[A-Za-z]+/g) ?? []).find((w) => w.length >= 2 && /^[a-z]/.test(w));
    if (word) return word;
  }
  return undefined;
}

/**
 * Words in both languages for a question, option or explanation: the `words()` of every content
 * file, whose Hindi also differs from the English and writes its English words in Devanagari.
 */
const bilingual = (max: number) =>
  words(text().max(max, `keep it under ${max} characters`)).superRefine((value, ctx) => {
    if (value.hi === value.en) ctx.addIssue({ code: 'custom', path: ['hi'], message: 'the Hindi is the English copied: write it in Hindi' });
    const english = englishWordIn(value.hi);
    if (english)
      ctx.addIssue({
        code: 'custom',
        path: ['hi'],
        message: `"${english}" is an English word in Latin letters: write it in Devanagari (फ़ाइल, ई-मेल) or in Hindi`,
      });
  });

/**
 * An option that reads the same in both languages (a shortcut, a file name, a number, a name):
 * Ctrl+C, .docx, 1024, HTTPS. Anything with words to translate is written `{ "en", "hi" }`.
 */
const sameInBoth = text()
  .max(200, 'keep it under 200 characters')
  // Two words with small letters side by side ("Caps Lock", "Google Chrome") have a Hindi spelling.
  .refine((value) => !/[A-Za-z]*[a-z][A-Za-z]*\s+[A-Za-z]*[a-z][A-Za-z]*/.test(value) && englishWordIn(value) === undefined, {
    message: 'this option has words to translate: write it as { "en": "…", "hi": "…" } (plain text is only for what reads the same in Hindi, such as Ctrl+C or .docx)',
  });

/** An option: its words in both languages, or one text that reads the same in both. */
const option = z.union([bilingual(300), sameInBoth], {
  error: 'an option is { "en": "…", "hi": "…" }, or one text that reads the same in both languages (Ctrl+C)',
});

/** The English of an option as it reads. */
export const optionEnglish = (o: { en: string; hi: string } | string) => (typeof o === 'string' ? o : o.en);

/** "All of the above", "None of these", "Both A and B": options that read wrongly once shuffled. */
const ORDER_BOUND = /\b(all|none|both)\s+of\s+(the\s+)?(above|these|them)\b|^both\b|^(only\s+)?[A-F]\s+and\s+[A-F]\b/i;

/** One question of the bank. */
const question = z
  .strictObject({
    /** How hard it is: "easy", "medium" or "hard" (a test may draw one difficulty). */
    difficulty: z.enum(['easy', 'medium', 'hard'], { error: 'must be "easy", "medium" or "hard"' }),
    /** The question in English and Hindi. */
    text: bilingual(2000),
    /** 2 to 6 options, in the order written (A, B, C…). */
    options: z.array(option).min(2, 'a question needs at least 2 options').max(6, 'a question has at most 6 options (A to F)'),
    /** The right option(s) by letter, e.g. ["B"]; two or more when the question has several right options. */
    right: z
      .array(z.enum(OPTION_LETTERS, { error: 'name a right option by its letter, A to F' }))
      .min(1, 'name the right option, e.g. ["B"]')
      .max(5, 'at most 5 right options'),
    /** Why the right option is right, in English and Hindi (shown in the review after the test). */
    explanation: bilingual(2000),
    /** Show the options in the order written, not shuffled (needed for "All of the above"). */
    keepOrder: z.boolean().default(false),
  })
  .superRefine((q, ctx) => {
    const count = q.options.length;
    q.right.forEach((letter, i) => {
      const at = OPTION_LETTERS.indexOf(letter);
      if (at >= count)
        ctx.addIssue({ code: 'custom', path: ['right', i], message: `option ${letter} is not one of its ${count} options (A to ${OPTION_LETTERS[count - 1]})` });
      if (q.right.indexOf(letter) !== i) ctx.addIssue({ code: 'custom', path: ['right', i], message: `option ${letter} is named twice` });
    });
    if (q.right.length >= count) ctx.addIssue({ code: 'custom', path: ['right'], message: 'every option is right: at least one must be wrong' });
    const seen = new Map<string, number>();
    q.options.forEach((o, i) => {
      const key = optionEnglish(o).trim().toLowerCase();
      const earlier = seen.get(key);
      if (earlier !== undefined)
        ctx.addIssue({ code: 'custom', path: ['options', i], message: `the same as option ${OPTION_LETTERS[earlier]}` });
      seen.set(key, i);
      if (!q.keepOrder && ORDER_BOUND.test(optionEnglish(o)))
        ctx.addIssue({
          code: 'custom',
          path: ['keepOrder'],
          message: `option ${OPTION_LETTERS[i]} ("${optionEnglish(o)}") reads wrongly once shuffled: set "keepOrder": true`,
        });
    });
  });

/** One chapter and its questions. */
const chapter = z.strictObject({
  /** A short name the tests' draws use, e.g. "fundamentals" (lower case, digits and hyphens). */
  key: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'a short name in lower case, e.g. "ms-office"'),
  /** The chapter's title in English and Hindi, as the bank and the result page show it. */
  title: words(text().max(120, 'keep the title under 120 characters')),
  /** Its questions. */
  questions: z.array(question).min(1, 'a chapter needs at least one question'),
});

/** Marks in whole marks, to two places (0.25 for a quarter). */
const marks = (what: string) =>
  z
    .number({ error: `${what}: a number of marks, without quotes` })
    .min(0, `${what} cannot be negative`)
    .max(100, `${what}: at most 100`)
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, {
      message: `${what}: whole hundredths of a mark at most (0.25, not 0.125)`,
    });

/** What a drawn test takes from one chapter. */
const draw = z.strictObject({
  /** The chapter's `key`. */
  chapter: z.string(),
  /** How many questions. */
  count: z.number().int('a whole number of questions').min(1, 'at least 1 question').max(200, 'at most 200 questions'),
  /** Only questions of this difficulty; left out: any. */
  difficulty: z.enum(['easy', 'medium', 'hard']).optional(),
});

/** One sample test, made from a ready-made pattern. */
const sampleTest = z.strictObject({
  /** The pattern it follows; its figures must be the pattern's. */
  pattern: z.enum(['ccc-mock', 'rscit-final', 'chapter-test'], { error: 'one of "ccc-mock", "rscit-final", "chapter-test"' }),
  /** Its title in English and Hindi, saying it is a sample ("Sample" / "नमूना"). */
  title: words(text().max(120, 'keep the title under 120 characters')),
  /** How long an attempt lasts. */
  durationMinutes: z.number().int().min(1).max(300),
  /** Marks for a right answer. */
  marks: marks('marks').refine((value) => value > 0, 'marks must be more than 0'),
  /** Marks taken off for a wrong answer (none in CCC and RS-CIT). */
  negativeMarks: marks('negative marks').default(0),
  /** Marks needed to pass. */
  passMarks: marks('pass marks'),
  /** How many times a student may take it. */
  attemptsAllowed: z.number().int().min(1).max(50).default(3),
  /** Whether the answers and explanations are shown after submitting. */
  showAnswers: z.boolean().default(true),
  /** The chapters it draws from, with counts. */
  draws: z.array(draw).min(1, 'a test draws from at least one chapter'),
});

/** The sample bank: `content/practice/sample-bank.json`. */
export const sampleBankSchema = z
  .strictObject({
    /** What this set is, in both languages: demo material written for this website, not any exam body's. */
    label: words(),
    /** The course its questions hang on. */
    course: z.strictObject({
      /** Existing courses whose title contains one of these (case aside) carry the sample set; the first found. */
      attachTo: z.array(text()).default([]),
      /** Otherwise a course is made with this title (it must say it is a sample). */
      title: text()
        .max(120)
        .refine((value) => /sample|demo/i.test(value), 'the title must say it is a sample, e.g. "Computer basics (sample course)"'),
      /** Its category, e.g. "Computer". */
      category: text().max(60),
      /** How long it runs, e.g. "3 months". */
      duration: text().max(40),
      /** What it is (shown on /course-list): say it is demo material. */
      description: text().min(10).max(2000),
    }),
    /** The chapters, in order, each with its questions. */
    chapters: z.array(chapter).min(1, 'at least one chapter'),
    /** The sample tests, one of each pattern. */
    tests: z.array(sampleTest).min(1, 'at least one sample test'),
  })
  .superRefine((bank, ctx) => {
    if (!/sample|demo/i.test(bank.label.en)) ctx.addIssue({ code: 'custom', path: ['label', 'en'], message: 'the label must say it is a sample' });
    if (!bank.label.hi.includes('नमूना')) ctx.addIssue({ code: 'custom', path: ['label', 'hi'], message: 'the label must say it is a sample (नमूना)' });

    const chapters = new Map<string, (typeof bank.chapters)[number]>();
    const titles = new Set<string>();
    const texts = new Map<string, string>();
    bank.chapters.forEach((c, i) => {
      if (chapters.has(c.key)) ctx.addIssue({ code: 'custom', path: ['chapters', i, 'key'], message: `"${c.key}" names two chapters` });
      chapters.set(c.key, c);
      const title = c.title.en.toLowerCase();
      if (titles.has(title)) ctx.addIssue({ code: 'custom', path: ['chapters', i, 'title', 'en'], message: 'two chapters have this title' });
      titles.add(title);
      c.questions.forEach((q, j) => {
        const key = q.text.en.trim().toLowerCase();
        const earlier = texts.get(key);
        if (earlier) ctx.addIssue({ code: 'custom', path: ['chapters', i, 'questions', j, 'text', 'en'], message: `the same question as ${earlier}` });
        texts.set(key, `chapters.${i}.questions.${j}`);
      });
    });

    bank.tests.forEach((t, i) => {
      const at = (...path: (string | number)[]) => ['tests', i, ...path];
      if (!/sample/i.test(t.title.en)) ctx.addIssue({ code: 'custom', path: at('title', 'en'), message: 'the title must say it is a sample' });
      if (!t.title.hi.includes('नमूना')) ctx.addIssue({ code: 'custom', path: at('title', 'hi'), message: 'the title must say it is a sample (नमूना)' });
      const rules = new Set<string>();
      let total = 0;
      t.draws.forEach((d, j) => {
        total += d.count;
        const rule = `${d.chapter}/${d.difficulty ?? 'any'}`;
        if (rules.has(rule)) ctx.addIssue({ code: 'custom', path: at('draws', j), message: 'this chapter and difficulty are drawn twice' });
        rules.add(rule);
        const c = chapters.get(d.chapter);
        if (!c) {
          ctx.addIssue({ code: 'custom', path: at('draws', j, 'chapter'), message: `no chapter has the key "${d.chapter}"` });
          return;
        }
        const available = c.questions.filter((q) => !d.difficulty || q.difficulty === d.difficulty).length;
        if (d.count > available)
          ctx.addIssue({
            code: 'custom',
            path: at('draws', j, 'count'),
            message: `asks for ${d.count} questions but the chapter "${d.chapter}" has ${available}${d.difficulty ? ` ${d.difficulty} ones` : ''}`,
          });
      });
      const pattern = SAMPLE_PATTERNS[t.pattern];
      if (total !== pattern.questions)
        ctx.addIssue({ code: 'custom', path: at('draws'), message: `the ${t.pattern} pattern has ${pattern.questions} questions; these draws take ${total}` });
      if (t.durationMinutes !== pattern.minutes)
        ctx.addIssue({ code: 'custom', path: at('durationMinutes'), message: `the ${t.pattern} pattern lasts ${pattern.minutes} minutes` });
      if (t.marks !== pattern.marks) ctx.addIssue({ code: 'custom', path: at('marks'), message: `the ${t.pattern} pattern gives ${pattern.marks} mark(s) a question` });
      if (pattern.pass !== null && t.passMarks !== pattern.pass)
        ctx.addIssue({ code: 'custom', path: at('passMarks'), message: `the ${t.pattern} pattern passes at ${pattern.pass} marks` });
      if (t.passMarks > total * t.marks) ctx.addIssue({ code: 'custom', path: at('passMarks'), message: `more than the ${total * t.marks} marks the test has` });
      if (pattern.chapters === 'one' && new Set(t.draws.map((d) => d.chapter)).size !== 1)
        ctx.addIssue({ code: 'custom', path: at('draws'), message: 'a chapter test draws from one chapter' });
    });
  });

/** The sample bank as the loader reads it (defaults filled in). */
export type SampleBank = z.infer<typeof sampleBankSchema>;
