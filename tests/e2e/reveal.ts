/**
 * Bringing a page to its final state the way a visitor does, by scrolling through it: what
 * starts on the way down (lazy carousels, the sections that rise into place) has started, and,
 * where asked, finished — each waited for by what the page itself shows, never by a fixed time.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits until the page's scripts have started: those a page starts after its first paint
 * (src/components/layout/AfterPaint.astro) define its custom elements, the carousels among them.
 * Then scrolls down a screen at a time and back to the top, each jump at once (the page scrolls
 * smoothly otherwise, and would not get far), each position shown for two animation frames so
 * the page's IntersectionObservers see it. Then waits until every carousel in view on the way
 * has started (Swiper marks it).
 */
export async function scrollThrough(page: Page) {
  await expect(page.locator(':not(:defined)')).toHaveCount(0);
  await page.evaluate(async () => {
    const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const step = Math.max(200, innerHeight * 0.8);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      scrollTo({ top: y, behavior: 'instant' });
      await painted();
    }
    scrollTo({ top: 0, behavior: 'instant' });
    await painted();
  });
  await expect(page.locator('.swiper:not(.swiper-initialized)').filter({ visible: true })).toHaveCount(0);
}

/**
 * Scrolls through the page (above), then waits until every section marked data-animate has risen
 * into place: marked visible, and its transition ended. Under prefers-reduced-motion nothing is
 * hidden or moves (global.css), and there is nothing to wait for.
 */
export async function revealAll(page: Page) {
  await scrollThrough(page);
  await expect(page.locator('html.js [data-animate]:not(.is-visible)').filter({ visible: true })).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) => animation instanceof CSSTransition && animation.effect instanceof KeyframeEffect && animation.effect.target?.closest('[data-animate]'),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
