/** The service lives on its apex host: `www.` is stripped so cookies and sessions have one home (spec §6). */
export function apexHostRedirect(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!url.hostname.startsWith('www.')) return null;
  url.hostname = url.hostname.slice('www.'.length);
  return url.toString();
}
