/**
 * `client:interact` hydrates an island when the visitor first touches, clicks or focuses inside
 * it (a form, say). Until then the server-rendered HTML is all there is: the page downloads no
 * JavaScript for it, and what the visitor types meanwhile stays in the fields.
 *
 * A form submitted that nobody handled (the island not awake yet, or React still hydrating it)
 * is never sent natively (a plain POST that would leave the page) and never lost: it is kept and
 * submitted again, by the island, once the island takes it. Whether the island took it is read
 * where the event ends, on the document: every form's handler cancels the native submission.
 *
 * Given a value (`client:interact="#link="`), it hydrates at once when the page's address
 * fragment starts with it: a link from an e-mail that the island acts on without a touch.
 */
import type { ClientDirective } from 'astro';

/** Between two attempts to hand a kept submission to the island while it hydrates. */
const RETRY_MS = 150;
/** Attempts before giving up on an island that never takes it (it failed to start). */
const MAX_ATTEMPTS = 40;

const interact: ClientDirective = (load, options, el) => {
  const events = ['focusin', 'pointerdown', 'touchstart'] as const;
  let awake: Promise<void> | undefined;
  const start = () => {
    awake ??= (async () => {
      events.forEach((type) => el.removeEventListener(type, start));
      const hydrate = await load();
      await hydrate();
    })();
    return awake;
  };

  const attempts = new WeakMap<HTMLFormElement, number>();
  document.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    if (!el.contains(form)) return;
    if (event.defaultPrevented) {
      // The island took it and shows its own state from here.
      el.removeAttribute('aria-busy');
      return;
    }
    event.preventDefault();
    // Said at once (the island's script may take seconds on 3G): the submit button shows it is
    // working (src/styles/global.css), and assistive technology hears the form is busy.
    el.setAttribute('aria-busy', 'true');
    const attempt = (attempts.get(form) ?? 0) + 1;
    attempts.set(form, attempt);
    if (attempt > MAX_ATTEMPTS) {
      el.removeAttribute('aria-busy');
      return console.error('The form could not start; its submission was not sent.');
    }
    void start().then(() => setTimeout(() => form.requestSubmit(), RETRY_MS));
  });
  events.forEach((type) => el.addEventListener(type, start, { passive: true }));
  const fragment = typeof options.value === 'string' ? options.value : '';
  if (fragment && location.hash.startsWith(fragment)) void start();
};

export default interact;
