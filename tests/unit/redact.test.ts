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
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
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
