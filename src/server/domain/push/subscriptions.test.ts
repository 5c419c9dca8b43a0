import { describe, expect, it } from 'vitest';
import { isPushService } from './endpoint.js';

describe('isPushService', () => {
  it("takes the browsers' push services over https", () => {
    expect(isPushService('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isPushService('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(isPushService('https://web.push.apple.com/QGx')).toBe(true);
    expect(isPushService('https://wns2-par02p.notify.windows.com/w/?token=x')).toBe(true);
  });

  it('refuses any other address, plain http, another port or a look-alike host', () => {
    expect(isPushService('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(isPushService('https://fcm.googleapis.com:8443/x')).toBe(false);
    expect(isPushService('https://fcm.googleapis.com.evil.example/x')).toBe(false);
    expect(isPushService('https://169.254.169.254/latest/meta-data')).toBe(false);
    expect(isPushService('https://internal.example/x')).toBe(false);
  });
});
