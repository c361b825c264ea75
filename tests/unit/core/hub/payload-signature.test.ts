import { describe, expect, it } from 'vitest';
import { signPayload, verifyPayloadSignature } from '../../../../core/hub/payload-signature.ts';

describe('payload signature (WebSub §8)', () => {
  it('is sha256=<hex HMAC> of the exact bytes', () => {
    const body = Buffer.from('<feed/>');
    // Known answers computed outside this code: `printf '%s' '<feed/>' | openssl dgst -sha256 -hmac s3cret`, and
    // RFC 4231 test case 2 (key "Jefe", data "what do ya want for nothing?").
    expect(signPayload('s3cret', body)).toBe('sha256=1b9591b5322baa7463554820f41fe27e650c767e2fbc4a934c5aa90e9cc27c7c');
    expect(signPayload('Jefe', Buffer.from('what do ya want for nothing?'))).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(verifyPayloadSignature('s3cret', body, signPayload('s3cret', body))).toBe(true);
    expect(verifyPayloadSignature('other', body, signPayload('s3cret', body))).toBe(false);
    expect(verifyPayloadSignature('s3cret', Buffer.from('<feed />'), signPayload('s3cret', body))).toBe(false);
    expect(verifyPayloadSignature('s3cret', body, undefined)).toBe(false);
  });
});
