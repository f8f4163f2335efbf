/**
 * A page's address as a route pattern with no personal data (issue 28 item 3): no query string, no
 * fragment, and every segment that could name someone or something — numbers, days, tokens, ids —
 * replaced by a placeholder. `/team/12/members?x=1` → `/team/:n/members`.
 */
export function routePatternOf(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/';
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (/^\d+$/.test(segment)) return ':n';
      if (/^\d{4}-\d{2}-\d{2}$/.test(segment)) return ':day';
      // Words of the app's own paths are short, lower-case letters and dashes.
      if (/^[a-z][a-z-]{0,29}$/.test(segment)) return segment;
      return ':id';
    });
  const pattern = `/${segments.join('/')}`;
  return pattern.length > 100 ? pattern.slice(0, 100).replace(/\/[^/]*$/, '') || '/' : pattern;
}

/**
 * An error's text with what could be personal taken out: e-mail addresses, addresses' query strings,
 * and runs of digits (phone numbers, ids); shortened to 300 characters.
 */
export function scrubbedMessage(text: string): string {
  return text
    .replace(/[^\s@]+@[^\s@]+/g, '<email>')
    .replace(/\?[^\s)'"]*/g, '?…')
    .replace(/\d{2,}/g, '#')
    .slice(0, 300);
}
