import sanitizeHtml from 'sanitize-html';

/** The only markup a certification may carry: paragraphs, line breaks, emphasis and lists; no attributes. */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote'];

/**
 * C0 controls but tab, line feed and carriage return; DEL; C1 controls. NUL breaks PostgreSQL text,
 * and none of them is something a person meant to write.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '');
}

/** Also after sanitizing: a character reference such as `&#1;` comes out of the parser decoded. */
export function sanitizeRichText(html: string): string {
  return withoutControlCharacters(
    sanitizeHtml(withoutControlCharacters(html), {
      allowedTags: ALLOWED_TAGS,
      allowedAttributes: {},
      disallowedTagsMode: 'discard',
      nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe'],
    }),
  ).trim();
}

/** The visible text of sanitized HTML, for length limits and forbidden-word checks. */
export function plainText(html: string): string {
  return sanitizeHtml(withoutControlCharacters(html).replace(/<\/(p|li|blockquote)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
