import unhomoglyph from 'unhomoglyph';

/** Words no member's nickname may show, whatever the letters that spell them. */
const RESERVED = ['operator', 'admin', 'administrator', 'support', 'official', '운영자', '관리자', '고객센터'];

/** Unicode's confusable skeleton (UTS #39 data through unhomoglyph), case folded: look-alikes compare equal. */
const skeleton = (v: string) =>
  unhomoglyph(v.normalize('NFKC').toLowerCase())
    .toLowerCase()
    .replace(/[\s_.-]/g, '');

/**
 * True when the nickname spells a reserved word (operator, admin, the site's name) in any case,
 * with look-alike letters from other scripts or digits for letters ('0PERAT0R', Cyrillic 'оperator').
 */
export function isReservedNick(nick: string, siteName: string): boolean {
  const s = skeleton(nick);
  const words = [...RESERVED, siteName].map(skeleton).filter((w) => w.length >= 3);
  return words.some((w) => s.includes(w));
}
