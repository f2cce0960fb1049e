/**
 * A course published without a picture, or with one that does not load: /course-list's card and
 * /course/{id} show the institute's logo on the card's colour instead of an empty box. The API's
 * answers are served by the test.
 */
import type { Course } from '../../src/lib/schemas/course';
import { expectNoViolations } from './axe';
import { expect, test } from './fixtures';

const course = (over: Partial<Course>): Course => ({
  _id: '9',
  title: 'Spoken English',
  category: 'Languages',
  price: 2500,
  duration: '2 months',
  description: 'Speaking with confidence, in small groups.',
  image: '',
  version: 1,
  createdAt: '2026-11-20T09:15:00.000Z',
  updatedAt: '2026-11-20T09:15:00.000Z',
  ...over,
});

const courses = [course({}), course({ _id: '8', title: 'Typing in Hindi and English', image: '/no-such-picture.jpg' })];

test('/course-list shows the institute’s logo for a course without a picture or with one that does not load; axe finds nothing', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/api/courses',
    (route) => route.fulfill({ json: courses }),
  );
  await page.goto('/course-list');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(2);
  for (const title of ['Spoken English', 'Typing in Hindi and English']) {
    const picture = cards.filter({ hasText: title }).locator('img');
    await expect(picture, title).toHaveAttribute('src', '/logo.svg');
    await expect(picture, title).toHaveAttribute('data-fallback', '');
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), title).toBe(true);
  }
  await expectNoViolations(page, '/course-list with a course without a picture');
});

test('/course/{id} shows the institute’s logo for a course without a picture', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('token', 'a-signed-in-student'));
  await page.route('**/api/user/me', (route) => route.fulfill({ json: { user: { _id: 'u1', name: 'Asha Meena', email: 'asha@example.in', role: 'user' } } }));
  await page.route('**/api/courses/9', (route) => route.fulfill({ json: courses[0] }));
  await page.goto('/course/9');
  await expect(page.getByRole('heading', { name: 'Spoken English', level: 2 })).toBeVisible();
  await expect(page.locator('img[data-course-image]')).toHaveAttribute('src', '/logo.svg');
  await expect(page.locator('img[data-course-image]')).toHaveAttribute('data-fallback', '');
});
