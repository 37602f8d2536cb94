import { ImageField, type ImageFieldProps } from '../../../ui/form';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from './toBody';

export type PictureFieldProps = Omit<ImageFieldProps, 'accept' | 'maxBytes' | 'previewUrl'> & {
  /** The stored picture of the item being changed, shown until a new one is chosen. */
  currentUrl?: string | null;
};

/** A catalogue picture (JPEG, PNG or WebP up to 2 MB); on a change form, choosing one replaces the stored one. */
export function PictureField({ currentUrl, hint, ...props }: PictureFieldProps) {
  return (
    <ImageField
      {...props}
      accept={IMAGE_TYPES}
      maxBytes={IMAGE_MAX_BYTES}
      previewUrl={currentUrl ?? undefined}
      hint={hint ?? (currentUrl ? 'Choose a new picture only to replace the current one.' : undefined)}
    />
  );
}
