// The range form of the dashboards' charts (logical properties only, so right-to-left works).
import { style } from '@vanilla-extract/css';
import { font, space, vars } from '../../../ui/theme.css';

export const form = style({ display: 'grid', gap: space.md, minInlineSize: 0 });

export const title = style({ margin: 0, fontSize: font.size.md });

export const fields = style({ display: 'flex', flexWrap: 'wrap', gap: space.md, alignItems: 'end' });

export const field = style({ display: 'grid', gap: space.xs, minInlineSize: '9rem' });

export const label = style({ fontSize: font.size.sm, color: vars.color.muted, margin: 0 });

export const strongLabel = style([label, { fontWeight: 600 }]);

export const presets = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: font.size.sm, fontWeight: 600 });
