// http_ece ships no types: the one call the push test makes (RFC 8188/8291 decryption)
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: { decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer };
  export default ece;
}
