import type { ResultCode } from '../../../contract/codes';

/** The server's own limit (brandImage LOGO_MAX_BYTES): said before the upload, checked again there. */
const LOGO_MAX_BYTES = 1024 * 1024;

/** A logo file's problem before it is sent: not PNG or SVG (BR001), over 1 MB (BR002). */
export function checkLogo(file: File): ResultCode | null {
  if (!/^image\/(png|svg\+xml)$/.test(file.type) && !/\.(png|svg)$/i.test(file.name)) return 'BR001';
  if (file.size > LOGO_MAX_BYTES) return 'BR002';
  return null;
}

/** The file's bytes as base64, as the brand call takes them. */
export async function logoBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
