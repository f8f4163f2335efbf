import { EARLY_TAP_GLOBAL } from '@hamkke/contract/route';
import { scriptSafeJson } from '@hamkke/contract/wire';

/**
 * A page whose shell already shows it (prerendered at build time, or drawn for the request) asks for
 * its scripts only once that shell is on screen. With the scripts named in the shell, a fast network
 * delivered them before Chromium painted: the app's code then ran and rendered again before the first
 * paint (the login page's first paint came at 105 ms instead of ~20 ms on localhost, and over 4x
 * slower CPU far later). The page needs none of them to be seen, and its links and forms work
 * without them; they only make it interactive.
 */

/** The data block naming what the shell loads after its first paint, read by {@link afterPaintLoader}. */
export const AFTER_PAINT_ID = 'after-paint';

interface AfterPaint {
  styles: string[];
  modules: string[];
  entry: string;
}

/**
 * Runs in the page as an inline script (allowed by its hash): once the browser reports the first
 * contentful paint (the frame is on screen, not only drawn), adds the stylesheet links (the app's
 * chunk loader finds its styles among them), the module preloads and the entry script, in that order.
 * A browser without paint timing starts a frame and a task later; a tab in the background, which
 * paints nothing until it is shown, starts at once; and none waits longer than 3 s.
 *
 * Until the app is live a tap on one of the page's buttons does nothing, so the last one tapped is
 * kept (its place among the page's buttons) in `earlyTapGlobal`: the app, which draws the same page
 * again, presses it then (apps/web/src/app/early-tap.ts).
 */
function afterPaintLoader(blockId: string, earlyTapGlobal: string): void {
  const kept: { index: number | null; stop: () => void } = {
    index: null,
    stop: () => document.removeEventListener('click', keep, true),
  };
  function keep(event: Event) {
    const button = event.target instanceof Element ? event.target.closest('#root button') : null;
    // Only the server's buttons: one the app drew (React marks its nodes) answers for itself.
    if (!button || Object.keys(button).some((key) => key.startsWith('__react'))) return;
    kept.index = Array.from(document.querySelectorAll('#root button')).indexOf(button);
  }
  document.addEventListener('click', keep, true);
  (window as unknown as Record<string, unknown>)[earlyTapGlobal] = kept;

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const block = document.getElementById(blockId);
    if (!block?.textContent) return;
    const load = JSON.parse(block.textContent) as AfterPaint;
    const add = (tag: 'link' | 'script', attributes: Record<string, string>) => {
      const element = document.createElement(tag);
      element.setAttribute('crossorigin', '');
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      (tag === 'script' ? document.body : document.head).appendChild(element);
    };
    for (const href of load.styles) add('link', { rel: 'stylesheet', href });
    for (const href of load.modules) add('link', { rel: 'modulepreload', href });
    add('script', { type: 'module', src: load.entry });
  };
  if (document.hidden) return start();
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
}

/** The loader's text, as the shell carries it and the CSP hashes it. */
export const AFTER_PAINT_SCRIPT = `(${afterPaintLoader.toString()})(${JSON.stringify(AFTER_PAINT_ID)},${JSON.stringify(EARLY_TAP_GLOBAL)})`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
/** The build's stylesheet link; its file (`assets/…`) is the first group (web-app.ts inlines them too). */
export const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The shell with its entry script, module preloads and stylesheet links (already written into the
 * shell as styles, {@link withInlineStyles}) taken out and loaded by {@link afterPaintLoader} instead.
 * Left as it is when it has no entry script of the build's form.
 */
export function startingAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)];
  const styles = [...html.matchAll(STYLESHEET_LINK)];
  let shell = html.replace(entry[0], '');
  for (const [tag] of [...modules, ...styles]) shell = shell.replace(tag, '');
  const load: AfterPaint = {
    styles: styles.map((match) => `/${match[1]!}`),
    modules: modules.map((match) => match[1]!),
    entry: entry[1]!,
  };
  const block = `<script type="application/json" id="${AFTER_PAINT_ID}">${scriptSafeJson(load)}</script>`;
  return shell.replace('</body>', () => `${block}<script>${AFTER_PAINT_SCRIPT}</script></body>`);
}
