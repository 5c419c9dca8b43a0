// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { plainTextToHtml, richTextToHtml, sanitizeHtml } from './sanitize.js';

const allowed = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'A', 'UL', 'OL', 'LI', 'SPAN', 'H1', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'IMG']);
const okAttrs = new Set(['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height']);

/** Whatever went in, a browser parsing the output finds only allowed elements with safe attributes. */
function expectInert(html: string) {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  for (const el of doc.body.querySelectorAll('*')) {
    expect(allowed.has(el.tagName), `element ${el.tagName} in ${html}`).toBe(true);
    for (const a of el.attributes) {
      expect(okAttrs.has(a.name), `attribute ${a.name} in ${html}`).toBe(true);
      if (a.name === 'href') expect(a.value).toMatch(/^(https?:\/\/|mailto:)/i);
      if (a.name === 'src') expect(a.value).toMatch(/^(https?:\/\/|data:image\/(png|gif|jpe?g|webp|bmp);)/i);
    }
  }
  expect(doc.querySelectorAll('script,style,iframe,svg,object,embed,math,meta,link,base,form').length).toBe(0);
}

describe('sanitizeHtml keeps what notices need', () => {
  it('keeps allowed tags and safe links', () => {
    expect(sanitizeHtml('<p>Hello <b>bold</b> <strong>x</strong> <i>i</i> <em>e</em> <u>u</u><br>next</p>')).toBe(
      '<p>Hello <b>bold</b> <strong>x</strong> <i>i</i> <em>e</em> <u>u</u><br />next</p>',
    );
    expect(sanitizeHtml('<h1>a</h1><h4>b</h4><blockquote>q</blockquote><ul><li>1</li></ul><ol><li>2</li></ol><span>s</span>')).toBe(
      '<h1>a</h1><h4>b</h4><blockquote>q</blockquote><ul><li>1</li></ul><ol><li>2</li></ol><span>s</span>',
    );
    expect(sanitizeHtml('<a href="https://example.com/?a=1&amp;b=2" title="t">go</a>')).toBe(
      '<a href="https://example.com/?a=1&amp;b=2" title="t" target="_blank" rel="noopener noreferrer nofollow">go</a>',
    );
    expect(sanitizeHtml('<a href="mailto:help@example.com">mail</a>')).toContain('href="mailto:help@example.com"');
    expect(sanitizeHtml('<img src="https://cdn.example.com/a.png" alt="banner" width="300">')).toBe('<img src="https://cdn.example.com/a.png" alt="banner" width="300" />');
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
    // images shipped with the app (works offline); never another host through // or a backslash
    expect(sanitizeHtml('<img src="/media/notice-casino.svg" alt="casino">')).toBe('<img src="/media/notice-casino.svg" alt="casino" />');
    for (const src of ['//evil.example/x.png', '/\\evil.example/x.png', '/x.svg?y=javascript:1', '/a b.png']) {
      expect(sanitizeHtml(`<img src="${src}">`)).not.toContain('src=');
    }
  });

  it('keeps text and Korean; entities come out as the characters they stand for', () => {
    expect(sanitizeHtml('점검 안내 &amp; 이벤트 &copy; 2024 &#44608;')).toBe('점검 안내 &amp; 이벤트 © 2024 김');
    expect(sanitizeHtml('a < b and c > d & e')).toBe('a &lt; b and c &gt; d &amp; e');
  });

  it('drops unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<div class="x"><font color=red>hi</font></div>')).toBe('hi');
    expect(sanitizeHtml('<table><tr><td>cell</td></tr></table>')).toBe('cell');
  });

  it('balances and closes tags', () => {
    expect(sanitizeHtml('<p><b>open')).toBe('<p><b>open</b></p>');
    // a stray </p> opens and closes an empty paragraph, as the HTML parsing rules (and browsers) do
    expect(sanitizeHtml('</p>stray</b>')).toBe('<p></p>stray');
    expect(sanitizeHtml('<p><b>x</p>y')).toBe('<p><b>x</b></p>y');
  });
});

describe('sanitizeHtml neutralises XSS payloads', () => {
  const payloads: [string, string][] = [
    ['script tag', '<script>alert(1)</script>'],
    ['mixed-case script', '<ScRiPt>alert(1)</sCrIpT>'],
    ['script with attributes', '<script src="https://evil.example/x.js"></script>'],
    ['script closing with space', '<script>alert(1)</script >'],
    ['unclosed script', '<script>alert(1)'],
    ['nested script name', '<scr<script>ipt>alert(1)</script>'],
    ['double script', '<<script>script>alert(1)<</script>/script>'],
    ['style block', '<style>body{background:url(javascript:alert(1))}</style>'],
    ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
    ['iframe srcdoc', '<IFRAME SRCDOC="<script>alert(1)</script>"></IFRAME>'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['img onerror mixed case', '<IMG SRC=x OnErRoR="alert(1)">'],
    ['img slash separators', '<img/src="x"/onerror=alert(1)>'],
    ['img onerror no quotes tab', '<img src=x\tonerror=alert(1)>'],
    ['svg onload', '<svg onload=alert(1)><circle/></svg>'],
    ['svg script', '<svg><script>alert(1)</script></svg>'],
    ['body onload', '<body onload=alert(1)>'],
    ['javascript href', '<a href="javascript:alert(1)">x</a>'],
    ['mixed-case javascript', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['javascript with tab', '<a href="java\tscript:alert(1)">x</a>'],
    ['javascript with entity tab', '<a href="java&#09;script:alert(1)">x</a>'],
    ['javascript decimal entities', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>'],
    ['javascript hex entities no semicolon', '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>'],
    ['javascript named colon', '<a href="javascript&colon;alert(1)">x</a>'],
    ['leading spaces and control chars', '<a href=" \x01javascript:alert(1)">x</a>'],
    ['vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
    ['data text/html href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['data svg img', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['javascript img src', '<img src="javascript:alert(1)">'],
    ['style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['style expression', '<span style="width: expression(alert(1))">x</span>'],
    ['onclick on allowed tag', '<p onclick="alert(1)">x</p>'],
    ['onmouseover unquoted', '<b onmouseover=alert(1)>x</b>'],
    ['attribute breaking quotes', '<a href="https://x.example/" onclick="alert(1)">x</a>'],
    ['quote inside value', `<a title='" onclick="alert(1)' href="https://ok.example">x</a>`],
    ['comment hiding script', '<!--<script>alert(1)</script>-->'],
    ['conditional comment', '<!--[if IE]><script>alert(1)</script><![endif]-->'],
    ['unclosed comment', '<!-- <script>alert(1)</script>'],
    ['bogus end tag', '</a onclick=alert(1)><p>x</p>'],
    ['cdata', '<![CDATA[<script>alert(1)</script>]]>'],
    ['object', '<object data="javascript:alert(1)"></object>'],
    ['embed', '<embed src="javascript:alert(1)">'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['link stylesheet', '<link rel="stylesheet" href="javascript:alert(1)">'],
    ['form action', '<form action="javascript:alert(1)"><button>x</button></form>'],
    ['base href', '<base href="javascript:alert(1)//">'],
    ['unclosed tag at end', '<img src=x onerror=alert(1) '],
    ['unclosed quote', '<a href="https://ok.example onclick=alert(1)>x'],
    ['null byte in tag', '<scr\0ipt>alert(1)</scr\0ipt>'],
    ['textarea breakout', '<textarea><script>alert(1)</script></textarea>'],
    ['noscript breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['template', '<template><script>alert(1)</script></template>'],
    ['math', '<math><mtext><script>alert(1)</script></mtext></math>'],
    ['encoded tag in text', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['html entity attribute name', '<p &#111;nclick=alert(1)>x</p>'],
    ['equals-prefixed attribute', '<p =onclick=alert(1)>x</p>'],
  ];

  for (const [name, payload] of payloads) {
    it(name, () => expectInert(sanitizeHtml(payload)));
  }

  it('the inertness check itself catches the raw payloads', () => {
    for (const raw of ['<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>', '<script>alert(1)</script>', '<p style="x">y</p>']) {
      expect(() => expectInert(raw)).toThrow();
    }
  });

  it('drops script content entirely, not only the tag', () => {
    expect(sanitizeHtml('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeHtml('a<STYLE>p{}</STYLE>b')).toBe('ab');
    expect(sanitizeHtml('a<iframe src="https://x"></iframe>b')).toBe('ab');
  });

  it('keeps the tag but drops bad attributes', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('<img />');
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red">x</p>')).toBe('<p>x</p>');
  });

  it('renders nested-tag tricks as text', () => {
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
  });

  it('escapes quotes inside kept attribute values', () => {
    expect(sanitizeHtml(`<a title='" onclick="alert(1)' href="https://ok.example">x</a>`)).toBe(
      '<a href="https://ok.example" title="&quot; onclick=&quot;alert(1)" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('does not let the DOM re-parse its output into anything new', () => {
    // a second pass over the output changes nothing: the output is already in canonical form
    for (const [, payload] of payloads) {
      const once = sanitizeHtml(payload);
      expect(sanitizeHtml(once)).toBe(once);
    }
  });
});

describe('plain and rich text', () => {
  it('escapes member text and keeps line breaks', () => {
    expect(plainTextToHtml('<script>alert(1)</script>\nline2\r\nline3')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;<br>line2<br>line3');
    expect(plainTextToHtml(`"quoted" & 'single'`)).toBe('&quot;quoted&quot; &amp; &#39;single&#39;');
  });

  it('treats operator text without markup as plain text, with markup as HTML', () => {
    expect(richTextToHtml('first\nsecond & third')).toBe('first<br>second &amp; third');
    expect(richTextToHtml('<p>hi</p><script>x</script>')).toBe('<p>hi</p>');
  });
});
