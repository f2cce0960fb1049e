import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { fromContent } from './loader';
import { seoWords, text, words, wordsWith, rupees, linkWords } from './fields';

/** Minimum ages the spec fixes for each level. */
const minimumAge = { '10th': 14, '12th': 15 } as const;

/** One admission rule: level, minimum age and the earlier study it needs. */
const eligibility = z
  .object({
    /** The class the student wants to pass: "10th" or "12th". */
    level: z.enum(['10th', '12th']),
    /** Minimum age in years: 14 for the 10th, 15 for the 12th. */
    minAge: z.number().int(),
    /** What the student must already have, e.g. "Class 8 passed, or a self-declaration". */
    requirement: words(),
  })
  .refine((rule) => rule.minAge === minimumAge[rule.level], {
    message: 'the spec fixes the minimum age at 14 for the 10th and 15 for the 12th',
    path: ['minAge'],
  });

/** One line of an admission schedule. */
const scheduleRow = z.object({
  /** What happens in this period, e.g. "Admission without late fee". */
  stage: words(),
  /** The dates as shown, e.g. "16 March – 31 July". */
  dates: words(),
  /** Normal admission fee in rupees, when the board publishes one. */
  fee: rupees().optional(),
  /** Late fee in rupees, on top of the normal fee. */
  lateFee: rupees().optional(),
  /** Shown in the fee column when neither fee is given, e.g. "No late fee". */
  note: words().optional(),
});

/** One open school board and everything a parent needs to decide on it. */
const board = z.object({
  /** Anchor of the block on the page, e.g. "nios" (lower-case letters and hyphens). */
  id: z.string().regex(/^[a-z][a-z-]*$/, 'use lower-case letters and hyphens only'),
  /** Full name of the board with its short form, e.g. "National Institute of Open Schooling (NIOS)". */
  name: words(),
  /** Short form used in sub-headings, e.g. "NIOS" (the same in both languages). */
  shortName: text(),
  /** "What is …?" paragraphs. */
  about: z.array(words()).min(1),
  /** Heading of the list of aims: "Objectives" or "Features". */
  featuresHeading: z.enum(['Objectives', 'Features']),
  /** The objectives or features, one per line. */
  features: z.array(words()).min(2),
  /** Who may take admission. */
  eligibility: z.array(eligibility).min(1),
  /** Documents to bring for admission. */
  documents: z.array(words()).min(1),
  /** How many subjects a student chooses: the spec fixes 5. */
  subjectCount: z.literal(5, 'the spec fixes 5 subjects to choose'),
  /** Subject groups the five are chosen from. */
  subjectGroups: z
    .array(
      z.object({
        /** Group name: languages, core, electives or practical. */
        name: words(),
        /** Example subjects in the group. */
        examples: words(),
      }),
    )
    .length(4, 'the spec lists 4 subject groups: languages, core, electives, practical'),
  /** When examinations are held, e.g. "April/May and October/November". */
  sessions: words(),
  /** Admission schedules, one table per session or block. */
  schedules: z
    .array(
      z.object({
        /** Caption of the table, e.g. "Block-1 admission schedule". */
        caption: words(),
        /** The periods, in order. */
        rows: z.array(scheduleRow).min(1),
      }),
    )
    .min(1),
  /** Notes under the tables (fees may change, which fee applies…). */
  notes: z.array(words()).default([]),
  /** Optional button closing the block, e.g. Apply Now. */
  action: linkWords().optional(),
});

/** Open board page: `content/open-board.json`. */
export const openBoard = defineCollection({
  loader: fromContent('open-board.json'),
  schema: z.object({
    /** Title and description for search engines. */
    seo: seoWords(),
    /** Opening band of the page. */
    hero: z.object({
      /** The page's main heading. */
      title: words(),
      /** One or two sentences under the heading. */
      intro: words(),
      /** Button under the introduction (Contact for Admission). */
      action: linkWords(),
    }),
    /** Label of the short list of jump links to the boards. */
    jumpLabel: words(),
    /** The headings and words every board's block repeats. */
    labels: z.object({
      /** "What is {board}?", above a board's paragraphs. */
      whatIs: wordsWith('board'),
      /** The heading of the list of aims, for each `featuresHeading`. */
      objectives: words(),
      features: words(),
      /** Heading of the admission rules. */
      eligibility: words(),
      /** Each level's name before its rule. */
      levels: z.object({ '10th': words(), '12th': words() }),
      /** One admission rule after its level: "minimum age {age} years; {requirement}.". */
      eligibilityLine: wordsWith('age', 'requirement'),
      /** Heading of the documents list. */
      documents: words(),
      /** Heading of the subjects, and the line above the groups ({count} subjects). */
      subjects: words(),
      chooseSubjects: wordsWith('count'),
      /** Heading of the exam sessions. */
      sessions: words(),
      /** Heading of the admission schedule tables, and their columns. */
      schedule: words(),
      stage: words(),
      dates: words(),
      fee: words(),
      /** A late fee in the fee column: "{amount} late fee". */
      lateFee: wordsWith('amount'),
    }),
    /** The three boards, in the order shown: national, Rajasthan state, Sikkim. */
    boards: z.array(board).length(3, 'the spec lists 3 boards: national, Rajasthan state and Sikkim'),
  }),
});
