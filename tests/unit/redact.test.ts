import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/plugins/logging';

describe('request log redaction', () => {
  it('masks credentials that old clients send in query strings, and keeps the rest', () => {
    const logged = redactUrl('/api/adminlogin?UserName=a%40b.in&Password=secret1&otp=123456&NewPass=x&page=2');
    expect(logged).not.toMatch(/secret1|123456|NewPass=x/);
    expect(logged).toContain('UserName=a%40b.in');
    expect(logged).toContain('page=2');
    expect(redactUrl('/api/GetAllState')).toBe('/api/GetAllState');
  });
});
