/**
 * What a visitor does with the pages: the menus (touch and keyboard), the carousels, the
 * certificate preview, the course tabs — and that nothing moves on its own for someone who asked
 * for reduced motion.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { servicePaths } from './routes';

const serviceNames = ['Courses', 'Degree Courses', 'Open Board', 'E-Mitra', 'CSC Services', 'IIBF Services', 'Aadhar Service', 'NIELIT Courses', 'Website Design'];

/** The slide ("n / total") of a carousel that is shown, i.e. fully inside the carousel's box. */
async function shownSlides(region: Locator): Promise<string[]> {
  return region.evaluate((root) => {
    const box = root.getBoundingClientRect();
    return [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"], .swiper-slide')]
      .filter((slide) => {
        const r = slide.getBoundingClientRect();
        return r.width > 0 && r.left >= box.left - 2 && r.right <= box.right + 2;
      })
      .map((slide) => slide.getAttribute('aria-label') ?? slide.textContent?.trim().slice(0, 40) ?? '');
  });
}

test.describe('mobile menu (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  async function openMenu(page: Page) {
    await page.goto('/openBoard');
    await page.getByRole('banner').locator('summary', { hasText: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: /mobile/i });
    await expect(menu).toBeVisible();
    return menu;
  }

  test('offers Home, About, Services, Download, Contact Us and Login, but not Jobs', async ({ page }) => {
    await page.goto('/openBoard');
    await expect(page.getByRole('navigation', { name: /mobile/i })).toBeHidden();
    const menu = await openMenu(page);
    for (const name of ['Home', 'About', 'Download', 'Contact Us', 'Login']) {
      await expect(menu.getByRole('link', { name, exact: true }), name).toBeVisible();
    }
    await expect(menu.getByText('Services', { exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Jobs' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
    // The desktop menu (with Jobs) is not shown on a phone.
    await expect(page.getByRole('link', { name: 'Jobs', exact: true })).toBeHidden();
  });

  test('the Services toggle expands the nine services', async ({ page }) => {
    const menu = await openMenu(page);
    await expect(menu.getByRole('link', { name: 'Website Design' })).toBeHidden();
    await menu.getByText('Services', { exact: true }).click();
    for (const [i, name] of serviceNames.entries()) {
      const link = menu.getByRole('link', { name, exact: true });
      await expect(link, name).toBeVisible();
      await expect(link).toHaveAttribute('href', servicePaths[i]!);
    }
  });

  test('choosing a link closes the menu', async ({ page }) => {
    const menu = await openMenu(page);
    // Keep the page where it is, to see the menu close rather than a new page load.
    await page.evaluate(() => addEventListener('click', (event) => event.preventDefault()));
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(menu).toBeHidden();
  });

  test('Escape closes the menu and returns focus to its button', async ({ page }) => {
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Home', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.locator(':focus')).toContainText('Menu');
  });

  test('a link opens the page it names', async ({ page }) => {
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Contact Us', exact: true }).click();
    await expect(page).toHaveURL(/\/contactForm$/);
    await expect(page.getByRole('navigation', { name: /mobile/i })).toBeHidden();
  });
});

test.describe('desktop menu (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Services dropdown works with the keyboard', async ({ page }) => {
    await page.goto('/about');
    const menu = page.getByRole('navigation', { name: 'Main', exact: true });
    const first = menu.getByRole('link', { name: 'Courses', exact: true });
    await expect(first).toBeHidden();
    // Tab from About to the Services toggle, then open it with Enter.
    await menu.getByRole('link', { name: 'About', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toContainText('Services');
    await page.keyboard.press('Enter');
    for (const name of serviceNames) await expect(menu.getByRole('link', { name, exact: true }), name).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(first).toBeHidden();
    await expect(page.locator(':focus')).toContainText('Services');
    // Space opens it too, and Enter on a link follows it.
    await page.keyboard.press('Space');
    await expect(first).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/coursePage$/);
  });

  test('a click outside closes the dropdown', async ({ page }) => {
    await page.goto('/about');
    const menu = page.getByRole('navigation', { name: 'Main', exact: true });
    await menu.getByText('Services', { exact: true }).click();
    await expect(menu.getByRole('link', { name: 'Website Design' })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(menu.getByRole('link', { name: 'Website Design' })).toBeHidden();
  });
});

test.describe('carousels', () => {
  test('the home banner advances by itself every ~3 s and loops back to the first picture', async ({ page }) => {
    test.setTimeout(45_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const banner = page.locator('[aria-roledescription="carousel"]').first();
    await banner.scrollIntoViewIfNeeded();
    await expect(banner.getByRole('group', { name: '1 / 3' })).toBeInViewport({ ratio: 0.9 });
    await expect(banner.getByRole('group', { name: '2 / 3' })).toBeInViewport({ ratio: 0.9, timeout: 5_000 });
    await expect(banner.getByRole('group', { name: '3 / 3' })).toBeInViewport({ ratio: 0.9, timeout: 5_000 });
    await expect(banner.getByRole('group', { name: '1 / 3' })).toBeInViewport({ ratio: 0.9, timeout: 5_000 });
  });

  for (const { width, perView } of [
    { width: 360, perView: 1 },
    { width: 767, perView: 1 },
    { width: 768, perView: 2 },
    { width: 1280, perView: 2 },
  ]) {
    test(`testimonials show ${perView} card${perView > 1 ? 's' : ''} at a time at ${width} px, with arrows and dots`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' }); // no autoplay while we count
      await page.goto('/');
      const heading = page.getByRole('heading', { name: 'What Student Says' });
      await heading.scrollIntoViewIfNeeded();
      const section = page.locator('section').filter({ has: heading }).last();
      const region = section.locator('[aria-roledescription="carousel"]');
      // Swiper starts as the carousel nears the viewport: its dots appear.
      const dots = section.getByRole('button', { name: /Go to slide/ });
      await expect(dots.first()).toBeVisible();
      await region.scrollIntoViewIfNeeded();

      const first = await shownSlides(region);
      expect(first, 'slides shown').toHaveLength(perView);
      expect(await dots.count()).toBe(Math.ceil(6 / perView));

      await section.getByRole('button', { name: /next/i }).click();
      await expect.poll(() => shownSlides(region)).not.toEqual(first);
      const second = await shownSlides(region);
      expect(second).toHaveLength(perView);

      await section.getByRole('button', { name: /previous/i }).click();
      await expect.poll(() => shownSlides(region)).toEqual(first);

      await dots.last().click();
      await expect.poll(() => shownSlides(region)).not.toEqual(first);
      await expect(dots.last()).toHaveAttribute('aria-current', 'true');
    });
  }

  test('testimonials advance by themselves every ~6 s', async ({ page }) => {
    test.setTimeout(45_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'What Student Says' });
    await heading.scrollIntoViewIfNeeded();
    const section = page.locator('section').filter({ has: heading }).last();
    const region = section.locator('[aria-roledescription="carousel"]');
    await expect(section.getByRole('button', { name: /Go to slide/ }).first()).toBeVisible();
    await page.mouse.move(0, 0); // autoplay pauses under the pointer
    const first = await shownSlides(region);
    await page.waitForTimeout(4_000);
    expect(await shownSlides(region), 'still the first page after 4 s').toEqual(first);
    await expect.poll(() => shownSlides(region), { timeout: 6_000 }).not.toEqual(first);
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

  test('nothing moves by itself', async ({ page }) => {
    test.setTimeout(45_000);
    await page.goto('/');
    const banner = page.locator('[aria-roledescription="carousel"]').first();
    await banner.scrollIntoViewIfNeeded();
    await expect(banner.getByRole('group', { name: '1 / 3' })).toBeInViewport({ ratio: 0.9 });
    await page.waitForTimeout(4_000);
    await expect(banner.getByRole('group', { name: '1 / 3' })).toBeInViewport({ ratio: 0.9 });

    // Entrance animations and the announcement's scrolling are switched off.
    const moving = await page.evaluate(() =>
      document.getAnimations().filter((a) => a.playState === 'running' && (a.effect as KeyframeEffect | null)?.getComputedTiming().iterations === Infinity).length,
    );
    expect(moving, 'endless animations running').toBe(0);
    const video = page.getByRole('main').locator('video');
    if (await video.count()) await expect(video).toHaveJSProperty('paused', true);
  });

  test('testimonials stay put', async ({ page }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'What Student Says' });
    await heading.scrollIntoViewIfNeeded();
    const section = page.locator('section').filter({ has: heading }).last();
    const region = section.locator('[aria-roledescription="carousel"]');
    await expect(section.getByRole('button', { name: /Go to slide/ }).first()).toBeVisible();
    const first = await shownSlides(region);
    await page.waitForTimeout(7_000);
    expect(await shownSlides(region)).toEqual(first);
  });
});

test.describe('recognition preview (/about)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const how of ['the close button', 'Escape'] as const) {
    test(`opens the certificate full size and closes with ${how}, returning focus`, async ({ page }) => {
      await page.goto('/about');
      const opener = page.getByRole('button', { name: /full size/i }).nth(1);
      await opener.scrollIntoViewIfNeeded();
      const name = ((await opener.getAttribute('aria-label')) ?? '').replace(/^.*full size:?\s*/i, '');
      await opener.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(name);
      const picture = dialog.locator('img');
      await expect(picture).toBeVisible();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      const size = await picture.evaluate((img: HTMLImageElement) => img.naturalWidth);
      expect(size, 'the full-size picture is larger than the thumbnail').toBeGreaterThanOrEqual(600);

      if (how === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: /close/i }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });
  }
});

test.describe('course tabs with the keyboard', () => {
  test('arrow keys move and select, Home and End jump, focus follows', async ({ page }) => {
    await page.goto('/coursePage');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await tab('Digital Literacy').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Digital Marketing')).toBeFocused();
    await expect(tab('Digital Marketing')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Digital Marketing');
    await expect(page.getByRole('tabpanel')).not.toContainText('RS-CIT');

    await page.keyboard.press('End');
    await expect(tab('All Courses')).toBeFocused();
    await expect(tab('All Courses')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tab('Digital Literacy')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tab('All Courses')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tab('Digital Literacy')).toBeFocused();

    // Only the selected tab is in the Tab order; Tab moves on into its panel.
    await page.keyboard.press('Tab');
    await expect(tab('Digital Marketing')).not.toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('RS-CIT');
  });

  test('a link to a category opens its tab', async ({ page }) => {
    await page.goto('/coursePage#law');
    await expect(page.getByRole('tab', { name: 'LAW' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('RJS');
  });
});
