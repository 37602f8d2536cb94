// The admin's dispatch screens: the assign dialog's pieces (logical properties only, so right-to-left works).
import { style } from '@vanilla-extract/css';
import { font, radius, space, vars } from '../../../../ui/theme.css';

export const dialogBody = style({ display: 'grid', gap: space.lg, minInlineSize: 0 });

export const section = style({ display: 'grid', gap: space.sm, minInlineSize: 0 });

export const sectionTitle = style({ margin: 0, fontSize: font.size.md, fontWeight: 600 });

export const suggestions = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm });

export const suggestion = style({
  display: 'grid',
  gap: space.xs,
  padding: space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  minInlineSize: 0,
});

export const suggestionHead = style({
  display: 'flex',
  gap: space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  overflowWrap: 'anywhere',
});

export const reasons = style({ margin: 0, paddingInlineStart: '1.2em', fontSize: font.size.sm });

export const manual = style({ display: 'flex', gap: space.sm, alignItems: 'end', flexWrap: 'wrap' });

export const refusal = style({ display: 'grid', gap: space.sm });
