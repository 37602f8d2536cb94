import { style } from '@vanilla-extract/css';
import { font, space, vars } from './theme.css';

export const pager = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });
export const position = style({ color: vars.color.muted, fontSize: font.size.sm });
