// The top bar's 'Stock' button alone (no radix): the area layout shows it disabled while the panel's code loads, so
// the top bar never shifts when the real one takes its place.
import { Button, type ButtonProps } from '../../../ui';
import * as s from './stock.css';

function BoxIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M21 8 12 3 3 8v8l9 5 9-5V8ZM3 8l9 5 9-5M12 13v8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function StockTrigger(props: ButtonProps) {
  return (
    <Button variant="ghost" size="sm" className={s.trigger} title="Current stock of a product" {...props}>
      <BoxIcon />
      <span className={s.triggerText}>Stock</span>
    </Button>
  );
}
