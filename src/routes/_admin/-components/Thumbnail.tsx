// Shared by every admin list: a row's picture (or a blank tile when it has none).
import * as s from './admin.css';

/** A 48 px lazy thumbnail with its size set, so the table never jumps while pictures load. */
export function Thumbnail({ src, alt }: { src: string | null | undefined; alt: string }) {
  if (!src) {
    return (
      <span className={s.noThumb} role="img" aria-label={`${alt}: no picture`}>
        —
      </span>
    );
  }
  return <img className={s.thumb} src={src} alt={alt} width={48} height={48} loading="lazy" decoding="async" />;
}
