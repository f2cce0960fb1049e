/**
 * What a visitor does with the pages: the menus (touch and keyboard), the carousels, the
 * certificate preview, the course tabs — and that nothing moves on its own for someone who asked
 * for reduced motion.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { content, servicePaths } from './routes';

/** The course categories of content/catalogue.json, in tab order; the last, 'All Courses', gathers every card. */
const catalogue = content<{ categories: { name: { en: string; hi: string }; id: string; courses?: { title: string }[] }[] }>('catalogue.json');
/** The categories with their English tab names (the English page's); `hi` keeps the Hindi page's. */
const categories = catalogue.categories.map((category) => ({ ...category, name: category.name.en, hi: category.name.hi }));
/** How many testimonials content/testimonials.json holds. */
const testimonialCount = content<{ items: unknown[] }>('testimonials.json').items.length;

/** The Services submenu's names, as the spec words them (servicePaths holds their addresses). */
const serviceNames = [
  'Courses',
  'Degree Courses',
  'Open Board',
  'E-Mitra',
  'CSC Services',
  'IIBF Services',
  'Aadhar Service',
  'NIELIT Courses',
  'Website Design',
];

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

/**
 * Clicks a point of the page's main content that the page itself shows to be outside `open` and
 * under nothing that takes a click (a link, a button, the open menu's list): the point is read
 * from the page with elementFromPoint, not assumed from its layout (at 1280 px the open Services
 * list covers the middle of the heading), so the click cannot land on one of the menu's links.
 */
async function clickOutside(page: Page, open: Locator) {
  await expect(open).toHaveCount(1);
  const point = await page.getByRole('main').evaluate(
    (main, menu) => {
      const box = main.getBoundingClientRect();
      const top = Math.max(box.top, 0);
      const bottom = Math.min(box.bottom, innerHeight);
      for (let y = bottom - 8; y > top + 8; y -= 24) {
        for (let x = box.left + 8; x < Math.min(box.right, innerWidth) - 8; x += 24) {
          const hit = document.elementFromPoint(x, y);
          const control = hit?.closest('a, button, summary, input, select, textarea, label, [role="button"], [role="link"], [role="tab"]');
          if (hit && main.contains(hit) && !menu!.contains(hit) && !(control && main.contains(control))) {
            hit.setAttribute('data-outside', '');
            const at = hit.getBoundingClientRect();
            return { x: x - at.left, y: y - at.top };
          }
        }
      }
      return null;
    },
    await open.elementHandle(),
  );
  expect(point, 'a point of the page outside the menu and under no control').not.toBeNull();
  // Through the element, so Playwright checks again that nothing covers that point when it clicks.
  await page.locator('[data-outside]').click({ position: point! });
}

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
    await clickOutside(page, menu.locator('details[open]'));
    await expect(menu.getByRole('link', { name: 'Website Design' })).toBeHidden();
  });
});

/** The fake time the carousel tests start at. */
const START = Date.parse('2026-11-20T10:00:00+05:30');

/**
 * Stops the page's timers before it loads (page.clock, paused): the carousels' autoplay, like
 * everything else on a timer, moves only as far as the test runs the clock.
 */
async function stopTheClock(page: Page) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1_000);
}

/**
 * Runs the stopped clock on, 50 ms at a time, until the carousel has started (Swiper marks it):
 * it starts when the browser is idle after it came into view, and its autoplay counts from then.
 */
async function startCarousel(page: Page, region: Locator) {
  await expect(async () => {
    await page.clock.runFor(50);
    await expect(region).toHaveClass(/swiper-initialized/, { timeout: 100 });
  }).toPass();
}

/** Waits until the carousel's slide has finished moving and its autoplay counts again (Swiper's own state). */
const atRest = (region: Locator) =>
  expect
    .poll(() =>
      region.evaluate((root) => {
        const swiper = (root as HTMLElement & { swiper?: { animating: boolean; autoplay: { running: boolean; paused: boolean } } }).swiper;
        return Boolean(swiper && !swiper.animating && (!swiper.autoplay.running || !swiper.autoplay.paused));
      }),
    )
    .toBe(true);

/**
 * Opens the home page with its clock stopped and its banner carousel started, showing the first
 * of its three pictures: the carousel, its slides and its dots.
 */
async function homeBanner(page: Page) {
  await stopTheClock(page);
  await page.goto('/');
  const region = page.locator('[aria-roledescription="carousel"]').first();
  const controls = page.locator('site-carousel').first();
  const slide = (n: number) => region.getByRole('group', { name: `${n} / 3` });
  await region.scrollIntoViewIfNeeded();
  await startCarousel(page, region);
  await expect(slide(1)).toBeInViewport({ ratio: 0.9 });
  return { region, slide, dot: (n: number) => controls.getByRole('button', { name: `Go to slide ${n}` }) };
}

/** The testimonials' section, scrolled to: the carousel and its dots. */
async function testimonials(page: Page) {
  const heading = page.getByRole('heading', { name: 'What Student Says' });
  await heading.scrollIntoViewIfNeeded();
  const section = page.locator('section').filter({ has: heading }).last();
  return { section, region: section.locator('[aria-roledescription="carousel"]'), dots: section.getByRole('button', { name: /Go to slide/ }) };
}

test.describe('carousels', () => {
  test('the home banner advances by itself every 3 s and loops back to the first picture', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { region, slide, dot } = await homeBanner(page);
    for (const [from, to] of [
      [1, 2],
      [2, 3],
      [3, 1],
    ] as const) {
      // Not before 3 s (the carousel started up to 50 ms before the clock stopped)…
      await page.clock.runFor(2_900);
      await expect(dot(from)).toHaveAttribute('aria-current', 'true');
      await expect(slide(from)).toBeInViewport({ ratio: 0.9 });
      // …and at 3 s.
      await page.clock.runFor(150);
      await expect(dot(to)).toHaveAttribute('aria-current', 'true');
      await expect(slide(to)).toBeInViewport({ ratio: 0.9 });
      await atRest(region);
    }
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
      const { section, region, dots } = await testimonials(page);
      // Swiper starts as the carousel nears the viewport: its dots appear.
      await expect(dots.first()).toBeVisible();
      await region.scrollIntoViewIfNeeded();

      const first = await shownSlides(region);
      expect(first, 'slides shown').toHaveLength(perView);
      expect(await dots.count()).toBe(Math.ceil(testimonialCount / perView));

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

  test('testimonials advance by themselves every 6 s', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await stopTheClock(page);
    await page.goto('/');
    const { region, dots } = await testimonials(page);
    await startCarousel(page, region);
    await page.mouse.move(0, 0); // autoplay pauses under the pointer
    const first = await shownSlides(region);
    await page.clock.runFor(5_800);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
    expect(await shownSlides(region), 'still the first page before 6 s').toEqual(first);
    await page.clock.runFor(300);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => shownSlides(region)).not.toEqual(first);
  });
});

test.describe('entrance animations', () => {
  test('what the first screen shows never fades in; a section further down rises into place when scrolled to', async ({ page }) => {
    // A screen just tall enough to show /about's first section that rises into place (a large
    // monitor's first screen does), and not its next one.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const tops = await page.locator('[data-animate]').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top + scrollY));
    expect(tops.length).toBeGreaterThan(1);
    expect(tops[1]! - tops[0]!).toBeGreaterThan(200);
    await page.setViewportSize({ width: 1280, height: Math.ceil(tops[0]! + 100) });
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bjs\b/);
    const states = await page.locator('[data-animate]').evaluateAll((items) =>
      items.map((item) => ({
        onFirstScreen: item.getBoundingClientRect().top < innerHeight,
        visible: item.classList.contains('is-visible'),
        opacity: getComputedStyle(item).opacity,
        moving: item.getAnimations().length > 0,
      })),
    );
    const [first, ...below] = states;
    // Shown from the start as it is: never hidden, never fading.
    expect(first).toMatchObject({ onFirstScreen: true, visible: true, opacity: '1', moving: false });
    for (const state of below) expect(state).toMatchObject({ onFirstScreen: false, visible: false });
    // Further down, hidden until scrolled to.
    const last = page.locator('[data-animate]').last();
    await expect.poll(() => last.evaluate((item) => getComputedStyle(item).opacity)).toBe('0');
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveClass(/\bis-visible\b/);
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });

  test('nothing moves by itself', async ({ page }) => {
    const { slide, dot } = await homeBanner(page);
    // Three times the banner's 3 s.
    await page.clock.runFor(10_000);
    await expect(dot(1)).toHaveAttribute('aria-current', 'true');
    await expect(slide(1)).toBeInViewport({ ratio: 0.9 });

    // Entrance animations and the announcement's scrolling are switched off.
    const moving = await page.evaluate(
      () =>
        document.getAnimations().filter((a) => a.playState === 'running' && (a.effect as KeyframeEffect | null)?.getComputedTiming().iterations === Infinity)
          .length,
    );
    expect(moving, 'endless animations running').toBe(0);
    const video = page.getByRole('main').locator('video');
    if (await video.count()) await expect(video).toHaveJSProperty('paused', true);
  });

  test('testimonials stay put', async ({ page }) => {
    await stopTheClock(page);
    await page.goto('/');
    const { region, dots } = await testimonials(page);
    await startCarousel(page, region);
    const first = await shownSlides(region);
    // Twice the testimonials' 6 s.
    await page.clock.runFor(12_000);
    await expect(dots.first()).toHaveAttribute('aria-current', 'true');
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
  const [first, second] = categories;
  const all = categories.at(-1)!;

  test('arrow keys move and select, Home and End jump, focus follows', async ({ page }) => {
    await page.goto('/coursePage');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await tab(first!.name).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(second!.name)).toBeFocused();
    await expect(tab(second!.name)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(second!.name);
    await expect(page.getByRole('tabpanel')).not.toContainText(first!.courses![0]!.title);

    await page.keyboard.press('End');
    await expect(tab(all.name)).toBeFocused();
    await expect(tab(all.name)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tab(first!.name)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tab(all.name)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tab(first!.name)).toBeFocused();

    // Only the selected tab is in the Tab order; Tab moves on into its panel.
    await page.keyboard.press('Tab');
    await expect(tab(second!.name)).not.toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText(first!.courses![0]!.title);
  });

  test('a link to a category opens its tab', async ({ page }) => {
    const law = categories.find((category) => category.id === 'law')!;
    await page.goto(`/coursePage#${law.id}`);
    await expect(page.getByRole('tab', { name: law.name })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(law.courses![0]!.title);
  });

  test('a link to a category opens its tab also from another of its tabs, and after a reload', async ({ page }) => {
    const law = categories.find((category) => category.id === 'law')!;
    await page.goto('/coursePage');
    await page.getByRole('tab', { name: second!.name, exact: true }).click();
    await page.evaluate((id) => (location.hash = id), law.id);
    await expect(page.getByRole('tab', { name: law.name })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(page.getByRole('tabpanel')).toContainText(law.courses![0]!.title);
    await page.reload();
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(page.getByRole('tabpanel')).toContainText(law.courses![0]!.title);
    // The category the address points at hides again when another tab is chosen.
    await page.getByRole('tab', { name: first!.name, exact: true }).click();
    await expect(page.locator(`section#${law.id}`)).toBeHidden();
    await expect(page.getByRole('tabpanel')).toContainText(first!.courses![0]!.title);
  });

  test('without JavaScript the first category shows, and a tab’s link shows its category', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const law = categories.find((category) => category.id === 'law')!;
    await page.goto('/coursePage');
    const panel = (id: string) => page.locator(`section#${id}`);
    await expect(panel(first!.id)).toBeVisible();
    await expect(page.getByText(first!.courses![0]!.title).first()).toBeVisible();
    await expect(panel(law.id)).toBeHidden();
    await page.getByRole('link', { name: law.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#${law.id}$`));
    await expect(panel(law.id)).toBeVisible();
    await expect(panel(law.id)).toContainText(law.courses![0]!.title);
    await context.close();
  });

  test('the Hindi page names the tabs in Hindi and opens the linked one', async ({ page }) => {
    const law = categories.find((category) => category.id === 'law')!;
    await page.goto(`/hi/coursePage#${law.id}`);
    await expect(page.getByRole('tab', { name: law.hi, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: categories[0]!.hi, exact: true })).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel')).toContainText(law.courses![0]!.title);
  });
});
