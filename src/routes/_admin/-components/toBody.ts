// Shared by every admin form with a picture: an ImageField value as the API's { image, fileName } pair.
import type { FileValue } from '../../../ui/form';

/** `{ image, fileName }` for a chosen file (base64 without the data: prefix); `{}` when none was chosen. */
export function toBody(file: FileValue | null): { image?: string; fileName?: string } {
  return file ? { image: file.data, fileName: file.fileName } : {};
}

/** The image types every catalogue picture accepts, and their limit (JPEG, PNG or WebP up to 2 MB). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
