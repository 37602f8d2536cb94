import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonString, redactUrl } from '../../server/plugins/logging';

describe('request log redaction', () => {
  it('masks credentials that old clients send in query strings, and keeps the rest', () => {
    const logged = redactUrl('/api/adminlogin?UserName=a%40b.in&Password=secret1&otp=123456&NewPass=x&page=2');
    expect(logged).not.toMatch(/secret1|123456|NewPass=x/);
    expect(logged).toContain('UserName=a%40b.in');
    expect(logged).toContain('page=2');
    expect(redactUrl('/api/GetAllState')).toBe('/api/GetAllState');
  });
});

describe('the request line quotes strings as JSON', () => {
  it('parses back to the same string, whatever the characters (quotes, backslashes, controls, lone surrogates)', () => {
    // Any UTF-16 code units, often ASCII (quotes, backslashes, controls) or a surrogate half. fast-check's own
    // `unit: 'binary'` takes over a second to set up on first use, past the test's 5 s on a busy CI machine.
    const codeUnit = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.integer({ min: 0, max: 0xffff }),
    );
    const anyString = fc.array(codeUnit, { maxLength: 40 }).map((units) => String.fromCharCode(...units));
    fc.assert(
      fc.property(anyString, (s) => {
        expect(JSON.parse(jsonString(s))).toBe(s);
      }),
      { numRuns: 500 },
    );
    for (const s of ['/api/x?q="a"', 'back\\slash', 'tab\there', '\u0000', '\ud800', 'plain /api/GetAllState?page=2']) {
      expect(JSON.parse(jsonString(s))).toBe(s);
    }
    expect(jsonString('/api/GetAllState')).toBe('"/api/GetAllState"');
  });
});
