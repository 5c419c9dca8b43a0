/**
 * Allow-list HTML sanitiser for operator-written notices and replies. The input is tokenised and
 * every kept tag is rebuilt from scratch, so nothing the author typed reaches the output as
 * markup unless it is an allowed tag with an allowed, checked attribute.
 */

const allowedTags = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'ul', 'ol', 'li', 'span', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'img']);
const voidTags = new Set(['br', 'img']);
/** Dropped together with everything inside them. */
const rawDropTags = new Set(['script', 'style', 'iframe', 'noscript', 'noembed', 'noframes', 'xmp', 'textarea', 'title', 'template', 'object', 'embed', 'svg', 'math']);

const namedEntities: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0',
  lpar: '(', rpar: ')', sol: '/', bsol: '\\', period: '.', comma: ',', semi: ';', equals: '=', num: '#', percnt: '%',
};

/** Decodes numeric references and the named ones that matter for URL schemes; `;` optional as browsers allow. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    const v = namedEntities[ref.toLowerCase()];
    return v ?? m;
  });
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Text between tags: well-formed entity references stay (they render as text), everything else is escaped. */
const escapeText = (s: string) =>
  s.replace(/&(?!(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
const squeeze = (s: string) => s.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u200b-\u200f\u2028\u2029\ufeff]/g, '');

export function safeHref(raw: string): string | null {
  const v = decodeEntities(raw).trim();
  return /^(https?:\/\/|mailto:)/i.test(squeeze(v)) && !/[\u0000-\u001f]/.test(v) ? v : null;
}

export function safeImgSrc(raw: string): string | null {
  const v = decodeEntities(raw).trim();
  if (/[\u0000-\u001f]/.test(v)) return null;
  if (/^https?:\/\//i.test(squeeze(v))) return v;
  return /^data:image\/(png|gif|jpe?g|webp|bmp);base64,[a-z0-9+/=\s]+$/i.test(v) ? v : null;
}

type Attr = [name: string, value: string];

function keepAttrs(tag: string, attrs: Attr[]): Attr[] {
  const out: Attr[] = [];
  const seen = new Set<string>();
  for (const [name, value] of attrs) {
    if (seen.has(name)) continue; // the first of duplicate attributes wins, as in browsers
    seen.add(name);
    if (tag === 'a' && name === 'href') {
      const href = safeHref(value);
      if (href) out.push(['href', href]);
    } else if (tag === 'a' && name === 'title') out.push([name, decodeEntities(value)]);
    else if (tag === 'img' && name === 'src') {
      const src = safeImgSrc(value);
      if (src) out.push(['src', src]);
    } else if (tag === 'img' && name === 'alt') out.push([name, decodeEntities(value)]);
    else if (tag === 'img' && (name === 'width' || name === 'height') && /^\d{1,4}$/.test(value.trim())) out.push([name, value.trim()]);
  }
  if (tag === 'a' && out.some(([n]) => n === 'href')) out.push(['target', '_blank'], ['rel', 'noopener noreferrer nofollow']);
  return out;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

interface Tag {
  name: string;
  end: boolean;
  attrs: Attr[];
  next: number;
}

/** Reads a tag starting at `i` (the `<`); null when the input ends before its `>` (browsers drop it). */
function readTag(s: string, i: number): Tag | null {
  let j = i + 1;
  const end = s[j] === '/';
  if (end) j++;
  const nameStart = j;
  while (j < s.length && !isSpace(s[j]) && s[j] !== '/' && s[j] !== '>') j++;
  const name = s.slice(nameStart, j).toLowerCase();
  const attrs: Attr[] = [];
  for (;;) {
    while (j < s.length && (isSpace(s[j]) || s[j] === '/')) j++;
    if (j >= s.length) return null;
    if (s[j] === '>') return { name, end, attrs, next: j + 1 };
    const an = j;
    j++; // an attribute name may start with '='
    while (j < s.length && !isSpace(s[j]) && s[j] !== '/' && s[j] !== '>' && s[j] !== '=') j++;
    const attrName = s.slice(an, j).toLowerCase();
    while (j < s.length && isSpace(s[j])) j++;
    let value = '';
    if (s[j] === '=') {
      j++;
      while (j < s.length && isSpace(s[j])) j++;
      const q = s[j];
      if (q === '"' || q === "'") {
        const close = s.indexOf(q, j + 1);
        if (close < 0) return null;
        value = s.slice(j + 1, close);
        j = close + 1;
      } else {
        const vs = j;
        while (j < s.length && !isSpace(s[j]) && s[j] !== '>') j++;
        value = s.slice(vs, j);
      }
    }
    attrs.push([attrName, value]);
  }
}

const attrText = (attrs: Attr[]) => attrs.map(([n, v]) => ` ${n}="${escapeHtml(v)}"`).join('');

export function sanitizeHtml(input: string): string {
  const s = input.replace(/\u0000/g, '');
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt < 0) {
      out += escapeText(s.slice(i));
      break;
    }
    out += escapeText(s.slice(i, lt));
    const c = s[lt + 1];
    if (s.startsWith('<!--', lt)) {
      const close = s.indexOf('-->', lt + 4);
      i = close < 0 ? s.length : close + 3;
      continue;
    }
    if (c === '!' || c === '?' || (c === '/' && !/[a-z]/i.test(s[lt + 2] ?? ''))) {
      // doctype, processing instruction or bogus comment: dropped up to the next '>'
      const close = s.indexOf('>', lt + 1);
      i = close < 0 ? s.length : close + 1;
      continue;
    }
    if (!/[a-z/]/i.test(c ?? '')) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    const tag = readTag(s, lt);
    if (!tag) break;
    i = tag.next;
    if (!tag.end && rawDropTags.has(tag.name)) {
      const re = new RegExp(`</${tag.name}[\\s/>]`, 'i');
      const m = re.exec(s.slice(i));
      if (!m) break;
      const close = s.indexOf('>', i + m.index);
      i = close < 0 ? s.length : close + 1;
      continue;
    }
    if (!allowedTags.has(tag.name)) continue;
    if (tag.end) {
      const at = open.lastIndexOf(tag.name);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += `<${tag.name}${attrText(keepAttrs(tag.name, tag.attrs))}>`;
    if (!voidTags.has(tag.name)) open.push(tag.name);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Member-written text: escaped, line breaks kept as <br>. */
export function plainTextToHtml(text: string): string {
  return escapeHtml(text.replace(/\u0000/g, '')).replace(/\r\n|\r|\n/g, '<br>');
}

/** Operator text: sanitised HTML when it has markup, else treated as plain text. */
export function richTextToHtml(text: string): string {
  return /<[a-z!/?]/i.test(text) ? sanitizeHtml(text) : plainTextToHtml(text);
}
