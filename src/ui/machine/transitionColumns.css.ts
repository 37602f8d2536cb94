import { style } from '@vanilla-extract/css';

export const when = style({ whiteSpace: 'nowrap' });
