import { defineCollection } from 'astro:content';
import { fromContent } from './loader';
import { sampleBankSchema } from './sample-bank-schema';

/**
 * The sample question bank: `content/practice/sample-bank.json`. Not shown as a page: `npm start`
 * loads it into a fresh local database (scripts/sample-bank.mjs); the build checks it here so a
 * mistake stops it with the file and the field.
 */
export const sampleBank = defineCollection({
  loader: fromContent('practice/sample-bank.json'),
  schema: sampleBankSchema,
});
