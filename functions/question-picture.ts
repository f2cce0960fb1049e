/**
 * GET /api/question-pictures/{name} (public) → a question's picture as kept (a WebP), from this
 * site so the pages' Content-Security-Policy lets it show on a test's paper. Its name is random
 * and a kept picture never changes (an edit with a new picture gets a new name), so browsers and
 * the CDN keep it for a year. 404 for anything else.
 */
import type { Config } from '@netlify/functions';
import { allowMethods, endpoint } from './_shared/platform/http';
import { keptPictureResponse } from './_shared/storage/kept-picture';
import { readQuestionPicture } from './_shared/practice/question-pictures';

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'HEAD');
  return keptPictureResponse(req, await readQuestionPicture(context.params['name']));
});

export const config: Config = { path: '/api/question-pictures/:name' };
