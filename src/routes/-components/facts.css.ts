// A record's label and value pairs (Fact); the list itself is each area's `facts` (ui/surfaces.css.ts factList).
import { style } from '@vanilla-extract/css';

export const value = style({ margin: 0 });
