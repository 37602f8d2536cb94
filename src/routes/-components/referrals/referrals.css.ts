// The referral screens' small layout pieces (logical properties only, so right-to-left works).
import { style } from '@vanilla-extract/css';
import { endsApart } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const stack = style({ display: 'grid', gap: space.md });

/** A page or tab of cards. */
export const tab = style({ display: 'grid', gap: space.lg, minInlineSize: 0 });

/** The link and the QR code side by side, the QR code under the link on a narrow screen. */
export const share = style({
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 640px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const code = style({
  fontSize: font.size.xl,
  fontWeight: 700,
  letterSpacing: '0.08em',
  fontVariantNumeric: 'tabular-nums',
  margin: 0,
});

export const linkRow = style({ display: 'flex', gap: space.sm, alignItems: 'center', flexWrap: 'wrap' });

export const link = style({
  flex: '1 1 16rem',
  minInlineSize: 0,
  padding: `${space.sm} ${space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: font.size.sm,
  overflowWrap: 'anywhere',
});

/** The QR code keeps a white quiet zone in the dark theme too, so phones read it. */
export const qr = style({
  display: 'grid',
  justifyItems: 'center',
  gap: space.xs,
  padding: space.sm,
  background: '#ffffff',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const qrImage = style({ display: 'block', inlineSize: '176px', blockSize: '176px' });

export const qrPlaceholder = style([qrImage, { background: '#ffffff' }]);

export const qrCaption = style({ color: '#3b4754', fontSize: font.size.sm, margin: 0 });

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm, margin: 0 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm });

export const item = style({
  ...endsApart,
  alignItems: 'center',
  gap: space.sm,
  padding: space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
});

export const itemMain = style({ display: 'grid', gap: space.xs });

export const amount = style({ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
