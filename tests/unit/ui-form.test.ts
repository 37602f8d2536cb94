import { describe, expect, it } from 'vitest';
import { checkFile, describeTypes, fileKind, formatBytes, guessMimeType, isVideoUrl } from '../../src/ui/form/files';
import { FORM_ERROR, mapServerErrors, normalizeFieldName } from '../../src/ui/form/useForm';

const IMAGES = ['image/jpeg', 'image/png', 'image/webp'];
const MB = 1024 * 1024;

describe('server error mapping', () => {
  it('normalizes server field names', () => {
    expect(normalizeFieldName('MobileNo')).toBe('mobileno');
    expect(normalizeFieldName('body.Mobile_No')).toBe('mobileno');
    expect(normalizeFieldName('/items/0/Price')).toBe('price');
  });

  it('maps problem+json fields onto form fields case-insensitively; unknown ones become a form error', () => {
    const errors = mapServerErrors(
      ['mobileNo', 'name', 'emailId'],
      [
        { field: 'MobileNo', message: 'Mobile number must have 10 digits' },
        { field: 'EMAILID', message: 'Email is taken' },
        { field: 'EmailId', message: 'second message is ignored' },
        { field: 'Password', message: 'Too short' },
        { field: '', message: 'Something else went wrong' },
      ],
    );
    expect(errors).toEqual({
      mobileNo: 'Mobile number must have 10 digits',
      emailId: 'Email is taken',
      [FORM_ERROR]: 'Password: Too short Something else went wrong',
    });
  });

  it('returns no errors for an empty list', () => {
    expect(mapServerErrors(['a'], [])).toEqual({});
  });
});

describe('file checks', () => {
  it('formats sizes in binary units', () => {
    expect(formatBytes(500)).toBe('500 bytes');
    expect(formatBytes(2 * MB)).toBe('2 MB');
    expect(formatBytes(1.5 * MB)).toBe('1.5 MB');
    expect(formatBytes(300 * 1024)).toBe('300 KB');
  });

  it('describes allowed types in plain words', () => {
    expect(describeTypes(IMAGES)).toBe('JPEG, PNG or WebP');
    expect(describeTypes(['video/mp4'])).toBe('MP4');
    expect(fileKind(IMAGES)).toBe('Image');
    expect(fileKind(['video/mp4', 'video/webm'])).toBe('Video');
    expect(fileKind(['image/png', 'video/mp4'])).toBe('File');
  });

  it('rejects wrong types, empty files and files over the limit with clear messages', () => {
    expect(checkFile({ name: 'a.gif', type: 'image/gif', size: 10 }, IMAGES, 2 * MB)).toBe(
      'Image must be JPEG, PNG or WebP',
    );
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 3 * MB }, IMAGES, 2 * MB)).toBe(
      'Image must be at most 2 MB',
    );
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 0 }, IMAGES, 2 * MB)).toBe('Image is empty');
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 2 * MB }, IMAGES, 2 * MB)).toBeNull();
    expect(checkFile({ name: 'clip.mp4', type: 'video/mp4', size: 50 * MB }, ['video/mp4'], 20 * MB)).toBe(
      'Video must be at most 20 MB',
    );
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(guessMimeType('Photo.JPG')).toBe('image/jpeg');
    expect(checkFile({ name: 'photo.webp', type: '', size: 10 }, IMAGES, MB)).toBeNull();
    expect(checkFile({ name: 'notes.txt', type: '', size: 10 }, IMAGES, MB)).toBe('Image must be JPEG, PNG or WebP');
  });

  it('tells stored videos from images by their URL', () => {
    expect(isVideoUrl('/uploads/abc.mp4')).toBe(true);
    expect(isVideoUrl('/uploads/abc.MOV?v=2')).toBe(true);
    expect(isVideoUrl('/uploads/abc.png')).toBe(false);
  });
});
