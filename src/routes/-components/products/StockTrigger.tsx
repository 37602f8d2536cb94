// The top bar's 'Stock' button alone (no radix): the area layout shows it disabled while the panel's code loads, so
// the top bar never shifts when the real one takes its place.
import { BoxIcon, Button, type ButtonProps } from '../../../ui';
import * as s from './stock.css';

export function StockTrigger(props: ButtonProps) {
  return (
    <Button variant="ghost" size="sm" className={s.trigger} title="Current stock of a product" {...props}>
      <BoxIcon />
      <span className={s.triggerText}>Stock</span>
    </Button>
  );
}
