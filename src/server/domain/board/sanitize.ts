/**
 * Allow-list HTML sanitiser for operator-written notices and replies, on sanitize-html (an
 * HTML5-conformant parser, htmlparser2): only the tags and attributes below survive, links and
 * images only with safe schemes, and links open in a new tab without an opener.
 */
import sanitize from 'sanitize-html';

const allowedTags = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'ul', 'ol', 'li', 'span', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'img'];
/** Dropped together with everything inside them. */
const dropWithContent = ['script', 'style', 'iframe', 'noscript', 'noembed', 'noframes', 'xmp', 'textarea', 'title', 'template', 'object', 'embed', 'svg', 'math', 'option'];

// Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
const squeeze = (s: string) => s.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u200b-\u200f\u2028\u2029\ufeff]/g, '');

/** The value as the browser reads it (sanitize-html hands attribute values over decoded). */
export function safeHref(v: string): string | null {
  const t = v.trim();
  return /^(https?:\/\/|mailto:)/i.test(squeeze(t)) && !/[\u0000-\u001f]/.test(t) ? t : null;
}

export function safeImgSrc(v: string): string | null {
  const t = v.trim();
  if (/[\u0000-\u001f]/.test(t)) return null;
  if (/^https?:\/\//i.test(squeeze(t))) return t;
  // a path on this site (the shipped demo images), never a protocol-relative or backslash host
  if (/^\/(?![/\\])[\w\-./]*$/.test(t)) return t;
  return /^data:image\/(png|gif|jpe?g|webp|bmp);base64,[a-z0-9+/=\s]+$/i.test(t) ? t : null;
}

const options: sanitize.IOptions = {
  allowedTags,
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  // schemes are decided by safeHref / safeImgSrc below, which also know data: images
  allowedSchemes: ['http', 'https', 'mailto', 'data'],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: dropWithContent,
  allowVulnerableTags: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      const href = attribs.href !== undefined ? safeHref(attribs.href) : null;
      if (href) out.href = href;
      if (attribs.title !== undefined) out.title = attribs.title;
      if (href) Object.assign(out, { target: '_blank', rel: 'noopener noreferrer nofollow' });
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = {};
      const src = attribs.src !== undefined ? safeImgSrc(attribs.src) : null;
      if (src) out.src = src;
      if (attribs.alt !== undefined) out.alt = attribs.alt;
      for (const k of ['width', 'height'] as const) if (attribs[k] !== undefined && /^\d{1,4}$/.test(attribs[k].trim())) out[k] = attribs[k].trim();
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeHtml(input: string): string {
  return sanitize(input.replace(/\u0000/g, ''), options);
}

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Member-written text: escaped, line breaks kept as <br>. */
export function plainTextToHtml(text: string): string {
  return escapeHtml(text.replace(/\u0000/g, '')).replace(/\r\n|\r|\n/g, '<br>');
}

/** Operator text: sanitised HTML when it has markup, else treated as plain text. */
export function richTextToHtml(text: string): string {
  return /<[a-z!/?]/i.test(text) ? sanitizeHtml(text) : plainTextToHtml(text);
}
