import { type ReactNode, useRef, useState } from 'react';
import { Button } from '../Button';
import { describedBy, FieldMessages, RequiredMark, useFieldIds } from './Field';
import { checkFile, describeTypes, fileKind, formatBytes, guessMimeType, isVideoUrl, readFileAsBase64 } from './files';
import * as s from './form.css';

export { readFileAsBase64 } from './files';

export interface FileValue {
  /** base64 WITHOUT the data: prefix. */
  data: string;
  fileName: string;
  type: string;
  size: number;
  /** Object URL for the preview; revoked by the field when the file is replaced or removed. */
  previewUrl: string;
}

export interface ImageFieldProps {
  label: ReactNode;
  name: string;
  /** Allowed MIME types, e.g. ['image/jpeg', 'image/png', 'image/webp'] or ['video/mp4']. */
  accept: string[];
  maxBytes: number;
  value: FileValue | null;
  onChange(value: FileValue | null): void;
  error?: string;
  hint?: ReactNode;
  /** An existing stored image or video, shown until a new file is chosen. */
  previewUrl?: string;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
}

/**
 * An image (or video) picker: checks type and size before reading, shows a preview, and hands
 * back base64 for the API. The real file input stays in the tab order (visually hidden), so
 * keyboard and screen-reader users get the native picker; the drop zone is its second label.
 */
export function ImageField({
  label,
  name,
  accept,
  maxBytes,
  value,
  onChange,
  error,
  hint,
  previewUrl,
  id,
  required,
  disabled,
  fullWidth,
}: ImageFieldProps) {
  const ids = useFieldIds(name, id);
  const inputRef = useRef<HTMLInputElement>(null);
  const readToken = useRef(0);
  const [localError, setLocalError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const kind = fileKind(accept);
  const rulesId = `${ids.id}-rules`;
  const statusId = `${ids.id}-status`;
  const shownError = localError ?? error;

  async function take(file: File | undefined) {
    if (!file || disabled) return;
    const problem = checkFile(file, accept, maxBytes);
    if (problem) {
      setLocalError(problem);
      return;
    }
    const token = ++readToken.current;
    setLocalError(null);
    setReading(true);
    try {
      const data = await readFileAsBase64(file);
      if (token !== readToken.current) return; // a newer file was chosen meanwhile
      if (value) URL.revokeObjectURL(value.previewUrl);
      onChange({
        data,
        fileName: file.name,
        type: file.type || guessMimeType(file.name),
        size: file.size,
        previewUrl: URL.createObjectURL(file),
      });
    } catch {
      if (token === readToken.current) setLocalError('The file could not be read. Please try again.');
    } finally {
      if (token === readToken.current) setReading(false);
    }
  }

  function remove() {
    if (value) URL.revokeObjectURL(value.previewUrl);
    readToken.current++;
    setLocalError(null);
    onChange(null);
    // The Remove button disappears; keep focus on the field instead of dropping it on <body>.
    inputRef.current?.focus();
  }

  const shownUrl = value?.previewUrl ?? previewUrl;
  const isVideo = value ? value.type.startsWith('video/') : shownUrl ? isVideoUrl(shownUrl) : false;
  const labelText = typeof label === 'string' ? label : kind;

  return (
    <div className={fullWidth ? `${s.field} ${s.fullWidth}` : s.field}>
      <label htmlFor={ids.id} className={s.label}>
        {label}
        <RequiredMark required={required} />
      </label>

      {shownUrl ? (
        <div className={s.preview}>
          {isVideo ? (
            <video className={s.previewMedia} src={shownUrl} controls muted playsInline preload="metadata">
              <track kind="captions" />
            </video>
          ) : (
            <img
              className={s.previewMedia}
              src={shownUrl}
              alt={value ? `Preview of ${value.fileName}` : `Current ${labelText.toLowerCase()}`}
            />
          )}
          <div className={s.previewInfo}>
            {value ? (
              <>
                <span>{value.fileName}</span>
                <span>{formatBytes(value.size)}</span>
                <div>
                  <Button type="button" variant="ghost" size="sm" onClick={remove} disabled={disabled}>
                    Remove<span className={s.visuallyHidden}> {value.fileName}</span>
                  </Button>
                </div>
              </>
            ) : (
              <span>Current file</span>
            )}
          </div>
        </div>
      ) : null}

      <input
        ref={inputRef}
        id={ids.id}
        name={name}
        type="file"
        accept={accept.join(',')}
        className={s.fileInput}
        required={required && !shownUrl}
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(rulesId, hint && ids.hintId, shownError && ids.errorId, reading && statusId)}
        onChange={(e) => {
          void take(e.target.files?.[0]);
          // Clear it so choosing the same file again (after Remove) still fires change.
          e.target.value = '';
        }}
      />
      <label
        htmlFor={ids.id}
        className={s.dropZone}
        data-dragging={dragging ? 'true' : undefined}
        data-invalid={shownError ? 'true' : undefined}
        data-disabled={disabled ? 'true' : undefined}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void take(e.dataTransfer.files[0]);
        }}
      >
        {/* Hidden from the accessible name: the field label already names the input. */}
        <span className={s.dropZoneAction} aria-hidden="true">
          {shownUrl ? `Replace ${kind.toLowerCase()}` : `Choose ${kind.toLowerCase()}`}
        </span>
        <span className={s.dropZoneText} aria-hidden="true">
          or drop it here
        </span>
      </label>
      <p id={rulesId} className={s.hint}>
        {describeTypes(accept)}, up to {formatBytes(maxBytes)}
      </p>
      {reading ? (
        <p id={statusId} role="status" className={s.hint}>
          Reading file…
        </p>
      ) : null}
      <FieldMessages ids={ids} hint={hint} error={shownError ?? undefined} />
    </div>
  );
}
