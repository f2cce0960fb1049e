/**
 * The question bank and a course's chapters, through the functions: Owners and Teachers keep
 * them, Accountants and Counsellors are refused; a chapter in use cannot be deleted; an edit of a
 * question's words after an attempt adds a version and the attempt keeps the one it had; the
 * bank is searched in English and in Devanagari; an import with bad rows changes nothing and names
 * every problem by row and column, a good one adds every question, and the same file again adds
 * nothing; a picture is judged by its bytes.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { questionProblemLine, type QuestionImportProblem, type QuestionImportRow } from '../../src/lib/schemas/question-import';
import type { Chapter, Question, QuestionFieldsInput, QuestionRow } from '../../src/lib/schemas/practice-questions';
import { auditSentence } from '../../src/lib/audit-words';
import { db, targets, uniqueName } from './helpers';
import { signedInAdmin, staffFetch } from './staff';

type Staff = Awaited<ReturnType<typeof signedInAdmin>>;

const EMPTY_ROW = Object.fromEntries(
  [
    'course',
    'chapter',
    'difficulty',
    'textEn',
    'textHi',
    'correct',
    'explanationEn',
    'explanationHi',
    'keepOrder',
    ...[1, 2, 3, 4, 5, 6].flatMap((n) => [`option${n}En`, `option${n}Hi`]),
  ].map((k) => [k, '']),
) as Omit<QuestionImportRow, 'row'>;

describe.each(targets)('the question bank on $name', (target) => {
  let owner: Staff;
  let teacher: Staff;
  let accountant: Staff;
  let counsellor: Staff;
  let course: { id: string; title: string };

  const call = (route: string, who: Staff, init: { method?: string; body?: unknown } = {}) => staffFetch(target, route, who.cookie, init);
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db<{ n: string }>(target, `select count(*)::text as n from ${sql}`, params))[0]!.n);
  const addChapter = async (titleEn: string, titleHi: string, who = owner) => {
    const res = await call('/api/admin/practice/chapters', who, { body: { courseId: course.id, titleEn, titleHi } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { item: Chapter }).item;
  };
  const question = (chapterId: string, over: Partial<QuestionFieldsInput> = {}): QuestionFieldsInput => ({
    courseId: course.id,
    chapterId,
    difficulty: 'easy',
    textEn: `What does RAM stand for? ${uniqueName('q')}`,
    textHi: 'RAM का पूरा नाम क्या है?',
    options: [
      { en: 'Random Access Memory', hi: 'रैंडम एक्सेस मेमोरी' },
      { en: 'Read Any Memory', hi: 'रीड एनी मेमोरी' },
      { en: 'Run All Machines', hi: 'रन ऑल मशीन्स' },
    ],
    correct: [0],
    explanationEn: 'RAM is the working memory.',
    explanationHi: 'RAM कंप्यूटर की कार्यशील मेमोरी है।',
    keepOrder: false,
    picture: null,
    ...over,
  });
  const addQuestion = async (fields: QuestionFieldsInput, who = owner) => {
    const res = await call('/api/admin/practice/questions', who, { body: fields });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { item: Question }).item;
  };
  const lastAudit = async (entity: string, entityId: string) => {
    const [line] = await db<{ action: string; detail: Record<string, unknown>; actor: string }>(
      target,
      `select a.action, a.detail, s.name as actor from audit_log a left join staff s on s.id = a.staff_id where a.entity = $1 and a.entity_id = $2 order by a.id desc limit 1`,
      [entity, entityId],
    );
    return auditSentence({ actor: line!.actor, action: line!.action, entity, entityId, detail: line!.detail });
  };

  beforeAll(async () => {
    [owner, teacher, accountant, counsellor] = await Promise.all([
      signedInAdmin(target, 'bankowner'),
      signedInAdmin(target, 'bankteacher', 'teacher'),
      signedInAdmin(target, 'bankaccountant', 'accountant'),
      signedInAdmin(target, 'bankcounsellor', 'counsellor'),
    ]);
    course = { title: uniqueName('CCC'), id: '' };
    course.id = (
      await db<{ id: string }>(
        target,
        `insert into courses (title, category, price, duration, description, image) values ($1, 'Computer', 4200, '3 months', 'A course.', '/x.webp') returning id::text`,
        [course.title],
      )
    )[0]!.id;
  });

  it('Owners and Teachers keep chapters and questions; Accountants and Counsellors are refused in words, with nothing changed', async () => {
    const chapter = await addChapter(uniqueName('Computer basics'), 'कंप्यूटर की बुनियादी बातें', teacher);
    const made = await addQuestion(question(chapter.id), teacher);
    expect(made.currentVersion).toBe(1);
    for (const who of [accountant, counsellor]) {
      const before = await count('course_chapters where course_id = $1', [course.id]);
      for (const [route, init] of [
        ['/api/admin/practice/chapters', {}],
        ['/api/admin/practice/chapters', { body: { courseId: course.id, titleEn: 'Refused', titleHi: 'मना' } }],
        [`/api/admin/practice/chapters/${chapter.id}`, { method: 'DELETE' }],
        ['/api/admin/practice/questions', {}],
        ['/api/admin/practice/questions', { body: question(chapter.id) }],
        [`/api/admin/practice/questions/${made.id}`, {}],
        ['/api/admin/practice/question-import/template', {}],
      ] as const) {
        const res = await call(`${route}${'method' in init ? '?version=1' : ''}`, who, init);
        expect(res.status, route).toBe(403);
        expect(((await res.json()) as { message: string }).message).toMatch(/^Your role \((Accountant|Counsellor)\) does not allow this/);
      }
      expect(await count('course_chapters where course_id = $1', [course.id])).toBe(before);
    }
    const list = (await (await call(`/api/admin/practice/chapters?course=${course.id}`, owner)).json()) as { chapters: Chapter[] };
    expect(list.chapters.find((c) => c.id === chapter.id)?.questions).toBe(1);
    expect(await lastAudit('chapter', chapter.id)).toBe(
      `Bankteacher Staff added the chapter “${chapter.titleEn}” of ${course.title}.`.replace('Bankteacher Staff', teacher.staff.name),
    );
  });

  it('chapters: both titles needed, renamed, reordered, and not deleted while questions or tests use them', async () => {
    const noHindi = await call('/api/admin/practice/chapters', owner, { body: { courseId: course.id, titleEn: 'MS Word', titleHi: '  ' } });
    expect(noHindi.status).toBe(400);
    expect(((await noHindi.json()) as { errors: Record<string, string> }).errors['titleHi']).toMatch(/Hindi title/);
    const first = await addChapter(uniqueName('MS Word'), 'एमएस वर्ड');
    const second = await addChapter(uniqueName('Internet'), 'इंटरनेट');
    const twice = await call('/api/admin/practice/chapters', owner, { body: { courseId: course.id, titleEn: first.titleEn.toUpperCase(), titleHi: 'दोबारा' } });
    expect(twice.status).toBe(409);

    const moved = await call(`/api/admin/practice/chapters/${second.id}`, owner, { method: 'PATCH', body: { move: 'up', version: second.version } });
    expect(moved.status).toBe(200);
    const order = ((await moved.json()) as { chapters: Chapter[] }).chapters.map((c) => c.id);
    expect(order.indexOf(second.id)).toBe(order.indexOf(first.id) - 1);

    const renamed = await call(`/api/admin/practice/chapters/${first.id}`, owner, {
      method: 'PATCH',
      body: { titleEn: `${first.titleEn} 2019`, titleHi: 'एमएस वर्ड 2019', version: first.version },
    });
    expect(renamed.status).toBe(200);
    const stale = await call(`/api/admin/practice/chapters/${first.id}`, owner, {
      method: 'PATCH',
      body: { titleEn: 'Stale', titleHi: 'पुराना', version: first.version },
    });
    expect(stale.status).toBe(409);
    expect(await lastAudit('chapter', first.id)).toContain(
      `renamed the chapter “${first.titleEn}” (एमएस वर्ड) of ${course.title} to “${first.titleEn} 2019” (एमएस वर्ड 2019).`,
    );

    const used = await addQuestion(question(first.id));
    const current = ((await (await call(`/api/admin/practice/chapters?course=${course.id}`, owner)).json()) as { chapters: Chapter[] }).chapters.find(
      (c) => c.id === first.id,
    )!;
    const refused = await call(`/api/admin/practice/chapters/${first.id}?version=${current.version}`, owner, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      `“${first.titleEn} 2019” cannot be deleted: 1 question uses it. Move or delete it first.`,
    );
    expect(await count('course_chapters where id = $1', [first.id])).toBe(1);

    const gone = await call(`/api/admin/practice/questions/${used.id}?version=${used.version}`, owner, { method: 'DELETE' });
    expect(((await gone.json()) as { archived: boolean }).archived).toBe(false);
    const deleted = await call(`/api/admin/practice/chapters/${first.id}?version=${current.version}`, owner, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await count('course_chapters where id = $1', [first.id])).toBe(0);
  });

  it('a question checks both languages, 2 to 6 options, a right option among them, no option twice', async () => {
    const chapter = await addChapter(uniqueName('Checks'), 'जाँच');
    const refused = async (over: Partial<QuestionFieldsInput>) => {
      const res = await call('/api/admin/practice/questions', owner, { body: question(chapter.id, over) });
      expect(res.status).toBe(400);
      return ((await res.json()) as { errors: Record<string, string> }).errors;
    };
    expect(Object.keys(await refused({ textHi: '' }))).toEqual(['textHi']);
    expect(await refused({ options: [{ en: 'Only', hi: 'केवल' }] })).toEqual({ options: 'A question needs at least 2 options.' });
    expect(Object.values(await refused({ correct: [3] }))).toEqual(['Option 4 is not one of the 3 options: please tick a right one.']);
    expect(Object.values(await refused({ correct: [] }))).toEqual(['Please tick the right option (at least one).']);
    expect(
      Object.values(
        await refused({
          options: [
            { en: 'Yes', hi: 'हाँ' },
            { en: 'yes', hi: 'नहीं' },
          ],
        }),
      ),
    ).toEqual(['Option 2 is the same as option 1 (English): each option must differ.']);
    expect(await count('questions where chapter_id = $1', [chapter.id])).toBe(0);
  });

  it('an edit after an attempt keeps the attempt’s version; a used question is archived, not deleted', async () => {
    const chapter = await addChapter(uniqueName('Memory'), 'मेमोरी');
    const made = await addQuestion(question(chapter.id));
    // An attempt that was given version 1 (written directly: the attempt's own functions are another part).
    const [student] = await db<{ id: string }>(target, `insert into students (name, email, course) values ('Bank Student', $1, $2) returning id::text`, [
      `bank.${Date.now()}@example.in`,
      course.title,
    ]);
    const [batch] = await db<{ id: string }>(
      target,
      `insert into batches (course_id, name, starts_on, ends_on, days, starts_at, ends_at, room, seats, status)
       values ($1, $2, '2026-01-01', '2027-01-01', '{1}', '07:00', '08:00', 'Lab', 10, 'running') returning id::text`,
      [course.id, uniqueName('Bank Batch')],
    );
    const [test] = await db<{ id: string }>(
      target,
      `insert into practice_tests (course_id, title_en, title_hi, kind, duration_minutes, marks_per_question, pass_marks) values ($1, 'Mock', 'मॉक', 'drawn', 15, 100, 100) returning id::text`,
      [course.id],
    );
    const [opening] = await db<{ id: string }>(
      target,
      `insert into practice_test_openings (test_id, batch_id, opens_at, closes_at, opened_by_name) values ($1, $2, now() - interval '1 hour', now() + interval '1 hour', 'Bank Owner') returning id::text`,
      [test!.id, batch!.id],
    );
    await db(
      target,
      `insert into practice_attempts (opening_id, test_id, student_id, number, paper, terms, deadline_at)
       values ($1, $2, $3, 1, $4::jsonb, '{"marks":100,"negative":0,"pass":100,"showAnswers":true}', now() + interval '15 minutes')`,
      [opening!.id, test!.id, student!.id, JSON.stringify([{ q: Number(made.id), v: 1, chapter: Number(chapter.id), order: [2, 0, 1] }])],
    );

    const fields = question(chapter.id, { textEn: made.textEn, correct: [1], textHi: 'RAM का अर्थ क्या है?' });
    const edited = await call(`/api/admin/practice/questions/${made.id}`, owner, { method: 'PATCH', body: { ...fields, version: made.version } });
    expect(edited.status).toBe(200);
    const after = (await edited.json()) as { message: string; item: Question };
    expect(after.message).toBe(`Question #${made.id} saved as version 2. Attempts made before keep the version they were given.`);
    expect(after.item).toMatchObject({ currentVersion: 2, correct: [1], textHi: 'RAM का अर्थ क्या है?', used: true });
    const versions = await db(target, `select version, text_hi, correct::int[] as correct from question_versions where question_id = $1 order by version`, [
      made.id,
    ]);
    expect(versions).toEqual([
      { version: 1, text_hi: 'RAM का पूरा नाम क्या है?', correct: [0] },
      { version: 2, text_hi: 'RAM का अर्थ क्या है?', correct: [1] },
    ]);
    expect(await lastAudit('question', made.id)).toContain(`the question in Hindi and the right option as version 2`);

    // Only the difficulty: the question's own row, no new version.
    const harder = await call(`/api/admin/practice/questions/${made.id}`, owner, {
      method: 'PATCH',
      body: { ...fields, difficulty: 'hard', version: after.item.version },
    });
    expect(((await harder.json()) as { item: Question }).item).toMatchObject({ currentVersion: 2, difficulty: 'hard' });
    expect(await count('question_versions where question_id = $1', [made.id])).toBe(2);

    const current = (await (await call(`/api/admin/practice/questions/${made.id}`, owner)).json()) as Question;
    const archived = await call(`/api/admin/practice/questions/${made.id}?version=${current.version}`, owner, { method: 'DELETE' });
    expect(archived.status).toBe(200);
    expect(((await archived.json()) as { archived: boolean }).archived).toBe(true);
    expect(await count('question_versions where question_id = $1', [made.id])).toBe(2);
    expect(await lastAudit('question', made.id)).toMatch(/archived question #\d+ “What does RAM stand for\?/);
    const bank = (await (await call(`/api/admin/practice/questions?chapter=${chapter.id}`, owner)).json()) as { items: QuestionRow[] };
    expect(bank.items).toEqual([]);
    const shelf = (await (await call(`/api/admin/practice/questions?chapter=${chapter.id}&archived=yes`, owner)).json()) as { items: QuestionRow[] };
    expect(shelf.items.map((q) => q.id)).toEqual([made.id]);
  });

  it('the bank is searched in English and in Devanagari, over the current version, with filters and the Sample label', async () => {
    const chapter = await addChapter(uniqueName('Internet'), 'इंटरनेट के उपयोग');
    const word = `ब्राउज़र${Date.now() % 100000}`;
    const found = await addQuestion(
      question(chapter.id, { textEn: `Which program opens web pages? ${uniqueName('x')}`, textHi: `वेब पेज कौन सा ${word} खोलता है?`, difficulty: 'medium' }),
    );
    const other = await addQuestion(question(chapter.id, { textEn: `What is e-mail? ${uniqueName('y')}`, textHi: 'ई-मेल क्या है?' }));
    await db(target, `update questions set sample = true where id = $1`, [other.id]);
    const search = async (params: string) => ((await (await call(`/api/admin/practice/questions?${params}`, owner)).json()) as { items: QuestionRow[] }).items;

    expect((await search(`q=${encodeURIComponent(word)}`)).map((q) => q.id)).toEqual([found.id]);
    expect((await search(`q=${encodeURIComponent('WEB PAGES')}&course=${course.id}`)).map((q) => q.id)).toEqual([found.id]);
    expect((await search(`chapter=${chapter.id}&difficulty=medium`)).map((q) => q.id)).toEqual([found.id]);
    const listed = await search(`chapter=${chapter.id}`);
    expect(listed.map((q) => [q.id, q.sample])).toEqual([
      [other.id, true],
      [found.id, false],
    ]);
    expect((await search('q=100%25')).length).toBe(0);
    // After an edit, the old words no longer find it; the new ones do.
    const edited = await call(`/api/admin/practice/questions/${found.id}`, owner, {
      method: 'PATCH',
      body: { ...question(chapter.id, { textEn: found.textEn, textHi: 'वेब पेज कौन सा प्रोग्राम खोलता है?', difficulty: 'medium' }), version: found.version },
    });
    expect(edited.status).toBe(200);
    expect(await search(`q=${encodeURIComponent(word)}`)).toEqual([]);
  });

  it('an import with bad rows changes nothing and names every problem; a good file adds every question once; the same file again adds nothing', async () => {
    const chapter = await addChapter(uniqueName('Fundamentals'), 'कंप्यूटर के मूल सिद्धांत');
    const existing = await addQuestion(question(chapter.id));
    const good = (n: number, over: Partial<QuestionImportRow> = {}): QuestionImportRow => ({
      ...EMPTY_ROW,
      row: n,
      course: course.title,
      chapter: chapter.titleEn,
      difficulty: 'Easy',
      textEn: `Imported question ${n} ${uniqueName('i')}`,
      textHi: `आयातित प्रश्न ${n}`,
      option1En: 'Yes',
      option1Hi: 'हाँ',
      option2En: 'No',
      option2Hi: 'नहीं',
      correct: '1',
      ...over,
    });
    const rows = [
      good(2),
      good(3, { course: 'Basket Weaving' }),
      good(4, { chapter: 'No Such Chapter' }),
      good(5, { textHi: '' }),
      good(6, { correct: '3' }),
      good(7, { option2En: '', option2Hi: '' }),
      good(8, { textEn: existing.textEn }),
      good(9, { option3En: 'Maybe' }),
      good(10, { difficulty: 'Tough', keepOrder: 'perhaps' }),
    ];
    const imports = await count('question_imports');
    const questions = await count('questions');
    const preview = await call('/api/admin/practice/question-import/preview', owner, { body: { fileName: 'bank.xlsx', rows } });
    expect(preview.status).toBe(200);
    const body = (await preview.json()) as { problems: QuestionImportProblem[]; rows: { row: number; bad: boolean }[] };
    const expected = [
      expect.stringMatching(/^Row 3, Course: No course is called “Basket Weaving”\. The courses are /),
      `Row 4, Chapter: ${course.title} has no chapter called “No Such Chapter”. Its chapters are ${'“'}`,
      'Row 5, Question (Hindi): The question in Hindi is missing.',
      'Row 6, Right option(s): Option 3 is not one of this row’s 2 options.',
      'Row 7, Option 2 (English): A question needs at least 2 options, each in English and Hindi; this row has 1.',
      `Row 8, Question (English): The same question is already in ${course.title}, chapter “${chapter.titleEn}” (question #${existing.id}).`,
      'Row 9, Option 3 (Hindi): Option 3 has English but no Hindi.',
      'Row 10, Difficulty: “Tough” is not a difficulty: write Easy, Medium or Hard (empty is Medium).',
      'Row 10, Keep the options in order: “perhaps” is not Yes or No (empty is No).',
    ];
    const lines = body.problems.map(questionProblemLine);
    expect(lines.length).toBe(expected.length);
    expect(lines[1]).toContain(expected[1] as string);
    expect(lines.filter((_, i) => i !== 1)).toEqual(expected.filter((_, i) => i !== 1));
    expect(body.rows.filter((r) => r.bad).map((r) => r.row)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);

    const refused = await call('/api/admin/practice/question-import', owner, { body: { fileName: 'bank.xlsx', rows } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Nothing was imported: the file has 9 problems\. Row 3, Course: /);
    expect(await count('question_imports')).toBe(imports);
    expect(await count('questions')).toBe(questions);

    const hindi = 'कंप्यूटर का दिमाग किसे कहते हैं?';
    const file = [
      good(2, { textHi: hindi.normalize('NFD'), option3En: 'All of the above', option3Hi: 'उपरोक्त सभी', correct: '1, 3', keepOrder: 'Yes' }),
      good(3, { chapter: chapter.titleHi, difficulty: '' }),
    ];
    const done = await call('/api/admin/practice/question-import', teacher, { body: { fileName: 'bank.xlsx', rows: file } });
    expect(done.status, await done.clone().text()).toBe(201);
    const answer = (await done.json()) as { message: string; importId: string };
    expect(answer.message).toBe('2 questions imported from bank.xlsx.');
    const stored = await db(
      target,
      `select q.difficulty, v.text_hi, jsonb_array_length(v.options) as options, v.correct::int[] as correct, v.keep_order
         from questions q join question_versions v on v.question_id = q.id where q.import_id = $1 order by q.id`,
      [answer.importId],
    );
    expect(stored).toEqual([
      { difficulty: 'easy', text_hi: hindi.normalize('NFC'), options: 3, correct: [0, 2], keep_order: true },
      { difficulty: 'medium', text_hi: 'आयातित प्रश्न 3', options: 2, correct: [0], keep_order: false },
    ]);
    expect(await lastAudit('question-import', answer.importId)).toBe(
      `${teacher.staff.name} imported 2 questions from bank.xlsx (${course.title}: ${chapter.titleEn}: 2).`,
    );

    const again = await call('/api/admin/practice/question-import', owner, { body: { fileName: 'bank copy.xlsx', rows: file } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(
      new RegExp(`^bank copy\\.xlsx was already imported on .+ by ${teacher.staff.name} \\(2 questions\\): importing it again would add nothing\\.$`),
    );
    const previewAgain = (await (await call('/api/admin/practice/question-import/preview', owner, { body: { fileName: 'bank.xlsx', rows: file } })).json()) as {
      already: { message: string } | null;
    };
    expect(previewAgain.already?.message).toContain(`by ${teacher.staff.name}`);
    expect(await count('questions where import_id = $1', [answer.importId])).toBe(2);
    expect(await count('question_imports')).toBe(imports + 1);
  });

  it('a picture is judged by its bytes: a PNG is kept as WebP and shown; a text file called .png is refused', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const upload = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
      const form = new FormData();
      form.set('picture', new Blob([bytes], { type }), name);
      return target.fetch('/api/admin/practice/question-pictures', { method: 'POST', headers: { cookie: owner.cookie! }, body: form });
    };
    const fake = await upload(new TextEncoder().encode('<html>not a picture</html>'), 'screen.png', 'image/png');
    expect(fake.status).toBe(422);
    expect(((await fake.json()) as { errors: Record<string, string> }).errors['picture']).toBe(
      'This file could not be opened as a picture. Please choose another.',
    );

    const kept = await upload(new Uint8Array(png), 'screen.png', 'image/png');
    expect(kept.status).toBe(201);
    const picture = (await kept.json()) as { picture: string; path: string; width: number };
    expect(picture.width).toBe(40);
    const shown = await target.fetch(picture.path);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).format).toBe('webp');

    const chapter = await addChapter(uniqueName('Pictures'), 'चित्र');
    const made = await addQuestion(question(chapter.id, { picture: picture.picture }));
    expect(made.picturePath).toBe(picture.path);
    const madeUp = await call('/api/admin/practice/questions', owner, { body: question(chapter.id, { picture: 'f'.repeat(32) }) });
    expect(madeUp.status).toBe(400);
    expect(((await madeUp.json()) as { errors: Record<string, string> }).errors['picture']).toBe('The picture was not found. Please upload it again.');
  });
});
