import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** A ghost button in the danger colour (the attribute raises specificity above the ghost variant). */
export const dangerGhost = style({
  selectors: { '&[data-tone="danger"]': { color: vars.color.danger } },
});
