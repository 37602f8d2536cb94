// The Favourites tab of /MyAccounts. Logical properties only, so right-to-left works.
import { style } from '@vanilla-extract/css';
import { boxList, listBox } from '../../../ui/surfaces.css';
import { radius, space, vars } from '../../../ui/theme.css';

export const list = style(boxList);

export const item = style({
  display: 'grid',
  gridTemplateColumns: '96px 1fr auto',
  alignItems: 'center',
  gap: space.md,
  ...listBox,
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: '72px 1fr' } },
});

export const picture = style({
  inlineSize: '100%',
  blockSize: 'auto',
  aspectRatio: '3 / 2',
  objectFit: 'cover',
  borderRadius: radius.md,
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: space.xs, minInlineSize: 0 });

export const name = style({ fontWeight: 650, overflowWrap: 'anywhere' });

export const meta = style({ color: vars.color.muted, fontSize: '0.875rem' });
