import { style } from '@vanilla-extract/css';

/**
 * A stand-in control shown for the few milliseconds its real code loads: disabled (so nothing is lost on an
 * early click; the real control takes over) but drawn exactly like the enabled one.
 */
export const pendingControl = style({
  selectors: { '&:disabled:disabled': { opacity: 1, cursor: 'progress' } },
});
