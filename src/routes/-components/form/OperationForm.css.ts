import { style } from '@vanilla-extract/css';
import { font, vars } from '../../../ui/theme.css';

// Beside the buttons, centred on them; empty (but present, so it is announced) once something changed.
export const unchanged = style({
  alignSelf: 'center',
  marginInlineEnd: 'auto',
  color: vars.color.muted,
  fontSize: font.size.sm,
});
