import { style } from '@vanilla-extract/css';
import { bareRoundButton } from '../../../../ui/surfaces.css';
import { font, space, vars } from '../../../../ui/theme.css';
import * as admin from '../../-components/admin.css';

export const entry = style({
  display: 'flex',
  gap: space.sm,
  alignItems: 'stretch',
});

export const input = style({ flex: 1, minInlineSize: 0, maxInlineSize: '16rem' });

/** The admin lists' chips; a pincode's figures line up, and one the server refused shows in the danger colour. */
export const chips = admin.chipList;

export const chip = style([
  admin.chip,
  {
    color: vars.color.text,
    fontVariantNumeric: 'tabular-nums',
    selectors: {
      '&[data-invalid="true"]': {
        borderColor: vars.color.danger,
        color: vars.color.danger,
        background: `color-mix(in srgb, ${vars.color.danger} 10%, ${vars.color.surface})`,
      },
    },
  },
]);

export const remove = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '28px',
  blockSize: '28px',
  padding: 0,
  ...bareRoundButton,
  selectors: {
    '&:hover': { background: `color-mix(in srgb, ${vars.color.text} 10%, transparent)` },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});

export const empty = style({ margin: 0, fontSize: font.size.sm, color: vars.color.muted });
