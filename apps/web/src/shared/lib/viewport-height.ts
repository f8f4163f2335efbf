/**
 * Mobile browsers change `100vh` as their toolbars show and hide; full-height screens use
 * `calc(var(--vh) * 100)` instead, with `--vh` kept at 1% of the real window height (spec §9).
 */
export function installViewportHeightVar(): () => void {
  const update = () => {
    document.documentElement.style.setProperty('--vh', `${window.innerHeight * 0.01}px`);
  };
  update();
  window.addEventListener('resize', update);
  return () => window.removeEventListener('resize', update);
}
