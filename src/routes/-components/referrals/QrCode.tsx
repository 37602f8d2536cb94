import { useEffect, useState } from 'react';
import * as s from './referrals.css';

/**
 * A QR code of `text`, drawn by the `qrcode` package as SVG (loaded only when a QR code is shown, so no other page
 * carries it), with a link to download it. `label` is the picture's alternative text.
 */
export function QrCode({
  text,
  label,
  fileName = 'doorstep-referral-qr.svg',
}: {
  text: string;
  label: string;
  fileName?: string;
}) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSrc(null);
    import('qrcode')
      .then((qr) =>
        qr.toString(text, {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 2,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text]);
  if (failed) return null;
  return (
    <figure className={s.qr} style={{ margin: 0 }}>
      {src ? (
        <img className={s.qrImage} src={src} alt={label} width={176} height={176} />
      ) : (
        <div className={s.qrPlaceholder} role="img" aria-label={`${label} (loading)`} />
      )}
      <figcaption className={s.qrCaption}>
        {src ? (
          <a href={src} download={fileName} style={{ color: '#0b5c55' }}>
            Download QR code
          </a>
        ) : (
          'Drawing the QR code…'
        )}
      </figcaption>
    </figure>
  );
}
