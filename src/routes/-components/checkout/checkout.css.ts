// /Checkout and /PayProcessInvoice. Logical properties only, so right-to-left works.
import { globalStyle, style } from '@vanilla-extract/css';
import { boxList, endsApart, listBox, surfaceBox } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const layout = style({
  display: 'grid',
  gap: space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { '(min-width: 900px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)' } },
  alignItems: 'start',
});

export const column = style({ display: 'flex', flexDirection: 'column', gap: space.lg, minInlineSize: 0 });

export const lines = style(boxList);

export const line = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.sm,
  ...listBox,
});

export const lineProblem = style({ borderColor: vars.color.danger });

export const lineHead = style({ ...endsApart, gap: space.sm, alignItems: 'baseline', fontWeight: 650 });

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm });

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, border: 0, padding: 0, margin: 0 });

export const choice = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  paddingBlock: space.xs,
  paddingInline: space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.pill,
  cursor: 'pointer',
});

export const summary = style({ display: 'grid', gap: space.sm, margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, marginBlockStart: space.md });

// ---- the invoice (printable)

export const invoice = style({
  ...surfaceBox,
  borderRadius: radius.lg,
  padding: space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: space.lg,
  minInlineSize: 0,
});

export const invoiceTitle = style({ margin: 0, fontSize: font.size.xl, textAlign: 'center' });

export const parties = style({
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(240px, 100%), 1fr))',
});

export const party = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  fontSize: font.size.sm,
  // A GSTIN, an invoice number or an e-mail has no break of its own.
  overflowWrap: 'anywhere',
});

// The lines' table scrolls sideways in its own frame on a phone (decision 011); the parties and totals above and
// below it stay in view. The frame is focusable so a keyboard can scroll it.
export const tableScroll = style({
  overflowX: 'auto',
  selectors: { '&:focus-visible': { outlineOffset: '-2px' } },
  '@media': { print: { overflow: 'visible' } },
});

export const table = style({ inlineSize: '100%', borderCollapse: 'collapse', fontSize: font.size.sm });
globalStyle(`${table} th, ${table} td`, {
  borderBlockEnd: `1px solid ${vars.color.border}`,
  paddingBlock: space.xs,
  paddingInline: space.sm,
  textAlign: 'end',
  verticalAlign: 'top',
});
globalStyle(`${table} th:first-child, ${table} td:first-child`, { textAlign: 'start' });

export const totals = style({
  display: 'grid',
  gap: space.xs,
  marginInlineStart: 'auto',
  minInlineSize: 'min(260px, 100%)',
});

export const words = style({ fontStyle: 'italic' });

export const noPrint = style({ '@media': { print: { display: 'none' } } });

// Printing a page that shows an invoice prints the invoice alone: the header, menus and footer are hidden (only
// while an invoice is on the page, so printing any other page is unchanged).
globalStyle(`body:has(${invoice}) *`, { '@media': { print: { visibility: 'hidden' } } });
globalStyle(`${invoice}, ${invoice} *`, { '@media': { print: { visibility: 'visible' } } });
globalStyle(invoice, {
  '@media': { print: { position: 'absolute', insetInlineStart: 0, insetBlockStart: 0, inlineSize: '100%', border: 0 } },
});
