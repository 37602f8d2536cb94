import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const bell = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minInlineSize: '40px',
  minBlockSize: '40px',
  color: 'inherit',
});

export const badge = style({
  position: 'absolute',
  insetBlockStart: '2px',
  insetInlineEnd: '0',
  minInlineSize: '18px',
  blockSize: '18px',
  paddingInline: '4px',
  borderRadius: '9px',
  background: vars.color.danger,
  color: vars.color.dangerText,
  fontSize: '0.75rem',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});
