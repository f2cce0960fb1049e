/**
 * The content schemas catch an editor's mistake before it reaches the site. Each collection's
 * schema (src/content.config.ts) parses its files here, in this process: the content as it is
 * must pass, and each case breaks one field of a copy and expects the issue on that field's path.
 * One case runs `astro sync` on a broken copy of the project, to show the build itself stops with
 * the file and the field. A collection without files, or a case naming a file no collection
 * reads, fails: renaming a file must not quietly skip its checks.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, globSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'astro/zod';
import { collections } from '../../src/content.config';

const root = path.resolve(import.meta.dirname, '../..');
const contentDir = path.join(root, 'content');
const temps: string[] = [];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Collection {
  loader: { pattern: string };
  schema?: z.ZodType | ((context: { image: () => z.ZodType }) => z.ZodType);
}

/** Each collection's name, its files (relative to content/) and its schema for one file. */
const readers = Object.entries(collections as unknown as Record<string, Collection>).map(([name, collection]) => ({
  name,
  files: globSync(collection.loader.pattern, { cwd: contentDir }).sort(),
  /** The schema as Astro applies it to `file`: `image()` is a path beside the file that must exist. */
  schemaFor(file: string): z.ZodType {
    const { schema } = collection;
    if (!schema) throw new Error(`collection ${name} has no schema`);
    const image = () =>
      z.string().refine((src) => existsSync(path.resolve(contentDir, path.dirname(file), src)), { message: 'this image file does not exist' });
    return typeof schema === 'function' ? schema({ image }) : schema;
  },
}));

/** The data of a content file: JSON, or a Markdown file's frontmatter. */
function dataOf(file: string, text = readFileSync(path.join(contentDir, file), 'utf8')): JsonObject {
  if (file.endsWith('.json')) return JSON.parse(text) as JsonObject;
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!frontmatter) throw new Error(`${file} has no frontmatter`);
  return parseYaml(frontmatter[1]!) as JsonObject;
}

/** The issues of `data` as content file `file`: "<path>: <message>" each. */
function issuesOf(file: string, data: Json): string[] {
  const reader = readers.find((r) => r.files.includes(file));
  if (!reader) throw new Error(`no collection reads content/${file}`);
  const result = reader.schemaFor(file).safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** Walks a dotted path (`boards.0.name`) to its parent object and last key. */
function locate(data: JsonObject, dotted: string): { parent: JsonObject | Json[]; key: string } {
  const keys = dotted.split('.');
  const last = keys.pop()!;
  let node: Json = data;
  for (const key of keys) {
    const next: Json | undefined = Array.isArray(node) ? node[Number(key)] : (node as JsonObject)[key];
    if (next === undefined || next === null || typeof next !== 'object') throw new Error(`content has no "${dotted}"`);
    node = next;
  }
  return { parent: node as JsonObject | Json[], key: last };
}

/** The dotted path of the first array of exactly `length` items (breadth first), for lists whose shape the test does not fix. */
function findList(data: Json, length: number): string | undefined {
  const queue: { node: Json; at: string[] }[] = [{ node: data, at: [] }];
  while (queue.length) {
    const { node, at } = queue.shift()!;
    if (Array.isArray(node)) {
      if (node.length === length && at.length) return at.join('.');
      node.forEach((child, i) => queue.push({ node: child, at: [...at, String(i)] }));
    } else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) queue.push({ node: child, at: [...at, key] });
    }
  }
  return undefined;
}

interface Case {
  /** File under content/. */
  file: string;
  /** What is broken, in words. */
  what: string;
  /** Breaks the data in place; returns the field path Astro must print. */
  breakIt: (data: JsonObject) => string;
}

/** Sets a field to a value. */
const setField = (dotted: string, value: Json) => (data: JsonObject) => {
  const { parent, key } = locate(data, dotted);
  if (Array.isArray(parent)) parent[Number(key)] = value;
  else parent[key] = value;
  return dotted;
};
/** Deletes a required field. */
const dropField = (dotted: string) => (data: JsonObject) => {
  const { parent, key } = locate(data, dotted);
  if (Array.isArray(parent)) throw new Error(`${dotted} is a list item`);
  delete parent[key];
  return dotted;
};
/** Removes the last item of the list the spec fixes at `length` items. */
const dropItem = (length: number) => (data: JsonObject) => {
  const at = findList(data, length);
  if (!at) throw new Error(`content has no list of ${length} items to shorten`);
  const { parent, key } = locate(data, at);
  const list = (Array.isArray(parent) ? parent[Number(key)] : parent[key]) as Json[];
  list.pop();
  return at;
};

const cases: Case[] = [
  { file: 'site.json', what: 'a phone number without the +91 prefix', breakIt: setField('phone', '9414012345x') },
  { file: 'site.json', what: 'the e-mail address removed', breakIt: dropField('email') },
  { file: 'site.json', what: 'the copyright year written as text', breakIt: setField('copyrightYear', '2025') },
  { file: 'catalogue.json', what: 'a course price written as text', breakIt: setField('categories.0.courses.0.price', '4200') },
  { file: 'catalogue.json', what: "the 'Commmunication Skills' tab spelled differently", breakIt: setField('categories.7.name.en', 'Communication Skills') },
  { file: 'open-board.json', what: 'one of the three boards removed', breakIt: dropItem(3) },
  { file: 'testimonials.json', what: 'five testimonials instead of six', breakIt: dropItem(6) },
  { file: 'downloads.json', what: '17 download forms instead of 18', breakIt: dropItem(18) },
  { file: 'csc.json', what: '27 FAQ questions instead of 28', breakIt: dropItem(28) },
  { file: 'whatsapp.json', what: 'a template with a misspelt placeholder', breakIt: setField('templates.0.text', 'Namaste {nmae}, about {course}.') },
  { file: 'whatsapp.json', what: 'two templates with the same key', breakIt: setField('templates.1.key', 'first-reply') },
  { file: 'whatsapp.json', what: 'a template without its label', breakIt: dropField('templates.2.label') },
  { file: 'whatsapp.json', what: 'a template without its Hindi', breakIt: dropField('templates.3.hi') },
  { file: 'whatsapp.json', what: 'a template’s Hindi left in English', breakIt: setField('templates.0.hi', 'Namaste {name}, about {course}.') },
  { file: 'whatsapp.json', what: 'a Hindi template with the name as the subject of a verb', breakIt: setField('templates.1.hi', 'नमस्ते, {name} आए थे।') },
  {
    file: 'whatsapp.json',
    what: 'an absence message with a lead’s placeholder ({reference})',
    breakIt: setField('absence.0.guardian', 'Namaste {guardian}, {name} was absent ({reference}).'),
  },
  { file: 'whatsapp.json', what: 'the Hindi absence messages listed as English again', breakIt: setField('absence.1.language', 'en') },
  {
    file: 'whatsapp.json',
    what: 'a Hindi absence message that fits only a boy (records have no gender)',
    breakIt: setField('absence.1.guardian', 'नमस्ते {guardian}, {name} {day} को {course} की कक्षा ({batch}) में अनुपस्थित रहे।'),
  },
  { file: 'whatsapp.json', what: 'an absence message for students left out', breakIt: dropField('absence.1.student') },
  {
    file: 'whatsapp.json',
    what: 'the Hindi absence messages missing',
    breakIt: (data) => {
      (data['absence'] as Json[]).splice(1, 1);
      return 'absence';
    },
  },
  {
    file: 'whatsapp.json',
    what: 'an overdue reminder with a late fee that does not name the fee ({lateFee})',
    breakIt: setField('dues.0.overdueWithLateFee', 'Namaste {name}, {amount} was due on {due}. Pay: {link}'),
  },
  { file: 'whatsapp.json', what: 'the Hindi overdue reminder left out', breakIt: dropField('dues.1.overdue') },
  {
    file: 'whatsapp.json',
    what: 'a reminder before the due day without its UPI link',
    breakIt: setField('dues.0.upcoming', 'Namaste {name}, {amount} is due on {due}.'),
  },
  { file: 'whatsapp.json', what: 'a notice with a dues placeholder ({link})', breakIt: setField('notices.0.text', 'Namaste {name}, pay here: {link}') },
  { file: 'whatsapp.json', what: 'two notices with the same key', breakIt: setField('notices.1.key', 'receipt') },
  { file: 'whatsapp.json', what: 'a notice’s Hindi left in English', breakIt: setField('notices.2.hi', 'Namaste {name}, receipt {number}.') },
  {
    file: 'certificate.json',
    what: 'a statement without the student’s name',
    breakIt: setField('english.statement', 'This is to certify completion of {course} from {startsOn} to {endsOn}.'),
  },
  {
    file: 'certificate.json',
    what: 'a statement with an unknown placeholder',
    breakIt: setField('hindi.statement', '{name} {course} {startsOn} {endsOn} {grade}'),
  },
  { file: 'certificate.json', what: 'a Hindi heading not in Devanagari', breakIt: setField('hindi.heading', 'Praman Patra') },
  { file: 'site.json', what: 'a certificate prefix in lower case', breakIt: setField('certificatePrefix', 'pci') },
  {
    file: 'privacy-notice.json',
    what: "an application form's notice that does not say how long documents are kept ({days})",
    breakIt: setField('forms.emitra.kept.en', 'We delete your documents after a while'),
  },
  { file: 'forms.json', what: 'a consent version with a space in it', breakIt: setField('applicationConsent.version', '2026 11') },
  { file: 'forms.json', what: 'the consent text removed', breakIt: dropField('applicationConsent.text') },
  {
    file: 'privacy-notice.json',
    what: "a notice item's reason ending with a full stop (the page adds one)",
    breakIt: setField('forms.register.items.0.why.en', 'to show it in your account.'),
  },
  { file: 'privacy-notice.json', what: 'a form without its notice', breakIt: dropField('forms.nielit') },
  { file: 'privacy-notice.json', what: 'a notice item without its Hindi', breakIt: dropField('forms.apply.items.1.why.hi') },
  {
    file: 'privacy-notice.json',
    what: 'a Hindi purpose with an English word in Latin letters',
    breakIt: setField('forms.contact.items.1.why.hi', 'आपको call या ई-मेल से जवाब देने के लिए'),
  },
  { file: 'privacy-notice.json', what: 'a version with a space in it', breakIt: setField('version', '2026 12') },
  {
    file: 'privacy-notice.json',
    what: 'a withdrawal text without the request form’s link ({request})',
    breakIt: setField('common.withdraw.hi', 'आप अपनी सहमति {account} में वापस ले सकते हैं'),
  },
  {
    file: 'privacy-notice.json',
    what: 'a complaint text without the Board ({board})',
    breakIt: setField('common.complain.en', 'Write to us within {answerDays} days'),
  },
  { file: 'privacy-notice.json', what: 'answer days that differ from the office’s (RIGHTS_ANSWER_DAYS)', breakIt: setField('grievance.answerDays', 45) },
  { file: 'privacy-notice.json', what: 'the Grievance Officer’s phone without +91', breakIt: setField('grievance.phone', '9414012345') },
  { file: 'privacy-notice.json', what: 'the Board’s address on plain http', breakIt: setField('board.url', 'http://example.gov.in') },
  { file: 'application-status.json', what: "the reference field's label removed", breakIt: dropField('labels.reference') },
  { file: 'about.json', what: 'a heading without its Hindi', breakIt: dropField('hero.title.hi') },
  { file: 'about.json', what: 'the English copied where the Hindi belongs', breakIt: setField('who.heading.hi', 'Who we are?') },
  { file: 'about.json', what: 'words in English only, where both languages belong', breakIt: setField('hero.intro', 'A computer institute.') },
  { file: 'csc.json', what: 'an FAQ answer without its Hindi', breakIt: dropField('faq.items.27.answer.hi') },
  {
    file: 'jobs.json',
    what: 'the no-JavaScript line without the place of the phone number',
    breakIt: setField('labels.noScript.hi', 'कृपया JavaScript चालू करें।'),
  },
  { file: 'jobs.json', what: 'the English copied where the Hindi belongs', breakIt: setField('emptyText.hi', 'No job openings available right now.') },
  { file: 'emitra.json', what: 'a required document in English only', breakIt: setField('documents.items.0', 'Aadhaar card') },
  { file: 'contact.json', what: "the 404 page's heading without its Hindi", breakIt: dropField('notFound.title.hi') },
  { file: 'aadhar.json', what: 'a documents heading without the word "documents"', breakIt: setField('documents.heading.en', 'Papers you need') },
  { file: 'iibf.json', what: 'the apply-online button not marked as the main one', breakIt: setField('hero.actions.1.main', false) },
  { file: 'home.json', what: 'a service tile without its Hindi', breakIt: dropField('services.tiles.0.summary.hi') },
  {
    file: 'home.json',
    what: 'the English headline copied where the Hindi belongs',
    breakIt: setField('hero.headline.hi', 'Crafting Careers, Empowering Learners'),
  },
  { file: 'home.json', what: 'the headline changed from the spec’s words', breakIt: setField('hero.headline.en', 'Crafting Careers') },
  { file: 'catalogue.json', what: 'a course description without its Hindi', breakIt: dropField('categories.0.courses.0.subtitle.hi') },
  { file: 'testimonials.json', what: 'a testimonial in English only', breakIt: setField('items.0.content', 'Very good institute.') },
  { file: 'open-board.json', what: 'a Hindi label that drops its placeholder ({amount})', breakIt: setField('labels.lateFee.hi', 'लेट फ़ीस') },
  { file: 'site.json', what: 'the opening hours without their Hindi', breakIt: dropField('hours.hi') },
  { file: 'site.json', what: 'a Hindi announcement without the phone ({phone})', breakIt: setField('announcementDefault.hi', 'प्रवेश शुरू') },
  { file: 'glossary.json', what: 'a term listed twice', breakIt: setField('terms.1.en', 'account') },
  { file: 'glossary.json', what: 'a term whose Hindi is in Latin letters', breakIt: setField('terms.0.hi', 'khata') },
  { file: 'practice/sample-bank.json', what: 'a right option that is not one of the options', breakIt: setField('chapters.0.questions.0.right.0', 'E') },
  {
    file: 'practice/sample-bank.json',
    what: 'a question with one option',
    breakIt: (data) => {
      const { parent } = locate(data, 'chapters.0.questions.2.options.0');
      (parent as Json[]).splice(1);
      return 'chapters.0.questions.2.options';
    },
  },
  {
    file: 'practice/sample-bank.json',
    what: 'a question with seven options',
    breakIt: (data) => {
      const { parent } = locate(data, 'chapters.1.questions.0.options.0');
      (parent as Json[]).push('F1', 'F2', 'F3');
      return 'chapters.1.questions.0.options';
    },
  },
  { file: 'practice/sample-bank.json', what: 'a question without its Hindi', breakIt: dropField('chapters.1.questions.4.text.hi') },
  {
    file: 'practice/sample-bank.json',
    what: 'an explanation whose Hindi is the English copied',
    breakIt: (data) => {
      const { parent } = locate(data, 'chapters.2.questions.3.explanation.en');
      (parent as JsonObject)['hi'] = (parent as JsonObject)['en']!;
      return 'chapters.2.questions.3.explanation.hi';
    },
  },
  {
    file: 'practice/sample-bank.json',
    what: 'a Hindi question with an English word in Latin letters',
    breakIt: setField('chapters.0.questions.16.text.hi', 'विंडोज़ में डिलीट की गई file सबसे पहले कहाँ जाती है?'),
  },
  {
    file: 'practice/sample-bank.json',
    what: 'an option with words to translate written once',
    breakIt: setField('chapters.2.questions.1.options.0', 'Google Chrome'),
  },
  { file: 'practice/sample-bank.json', what: '"All of the above" that would be shuffled', breakIt: setField('chapters.0.questions.30.keepOrder', false) },
  { file: 'practice/sample-bank.json', what: 'a draw of more questions than its chapter has', breakIt: setField('tests.2.draws.0.count', 40) },
  { file: 'practice/sample-bank.json', what: 'a draw from a chapter that does not exist', breakIt: setField('tests.1.draws.2.chapter', 'networking') },
  { file: 'practice/sample-bank.json', what: 'a CCC mock that passes at 40 marks', breakIt: setField('tests.0.passMarks', 40) },
  { file: 'practice/sample-bank.json', what: 'a test not labelled as a sample', breakIt: setField('tests.1.title.en', 'RS-CIT final mock test') },
];

describe('content schemas', () => {
  it('read at least one file for every collection', () => {
    for (const { name, files } of readers) expect(files, `files of the collection ${name}`).not.toHaveLength(0);
  });

  it('give every legal document its Hindi twin (content/legal/<name>.hi.md)', () => {
    const legal = readdirSync(path.join(contentDir, 'legal'));
    const english = legal.filter((file) => file.endsWith('.md') && !file.endsWith('.hi.md'));
    expect(english.length).toBeGreaterThan(0);
    for (const file of english) expect(legal, `content/legal/${file}`).toContain(file.replace(/\.md$/, '.hi.md'));
  });

  it('accept the content as it is', () => {
    for (const { files } of readers) for (const file of files) expect(issuesOf(file, dataOf(file)), `content/${file}`).toEqual([]);
  });

  for (const c of cases) {
    it(`reject content/${c.file} with ${c.what}, on that field`, () => {
      expect(existsSync(path.join(contentDir, c.file)), `content/${c.file} exists (a renamed file must be renamed here too)`).toBe(true);
      const data = dataOf(c.file);
      const field = c.breakIt(data);
      const issues = issuesOf(c.file, data);
      expect(
        issues.some((issue) => issue.startsWith(`${field}: `) && issue.length > field.length + 2),
        issues.join('\n'),
      ).toBe(true);
    });
  }
});

/**
 * A throwaway project: links to the real code, a copy of content/. node_modules is a folder of
 * links to every package rather than one link, so that Vite's cache (node_modules/.vite) stays
 * private to the copy and the real project's cache is never rewritten under a running build.
 */
function tempProject(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'content-schema-'));
  temps.push(dir);
  for (const name of ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    symlinkSync(path.join(root, name), path.join(dir, name));
  }
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of readdirSync(path.join(root, 'node_modules'))) {
    if (name !== '.vite') symlinkSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  cpSync(contentDir, path.join(dir, 'content'), { recursive: true });
  return dir;
}

/** Runs `astro sync` on a project; resolves with the exit code and everything it printed. */
async function sync(dir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npx', ['astro', 'sync', '--root', dir], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe('the build', () => {
  it('stops on a broken content file, naming the file and the field', async () => {
    const dir = tempProject();
    const file = path.join(dir, 'content', 'site.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
    data['phone'] = '9414012345x';
    writeFileSync(file, JSON.stringify(data, null, 2));
    const { code, output } = await sync(dir);
    expect(code, 'astro sync must fail').not.toBe(0);
    expect(output).toContain('does not match collection schema');
    expect(output).toContain('content/site.json');
    // Astro prints each issue on its own line as "<path>: <message>".
    expect(output).toMatch(/^\s*phone(\*\*)?: \S/m);
  });
});
