import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button, buttonClassName, EmptyState } from '../../../ui';
import { Img } from '../storefront/parts';
import * as c from './cart.css';
import { CART as W } from './words';

export interface QuantityControlsProps {
  quantity: number;
  /** More may be added (the line is bookable and below the most a cart holds). */
  canAdd: boolean;
  /** A write is running: every control waits. */
  busy?: boolean;
  /** The control whose write is running. */
  loading?: 'fewer' | 'more' | 'remove' | null;
  onFewer(): void;
  onMore(): void;
  onRemove(): void;
}

/**
 * A line of a cart page (the visitor's /cart, the customer's /UserCart): the service's picture and name, its amount,
 * its prices in words, fewer, the quantity, more and Remove; `children` (the slot) below.
 */
export function CartLineCard({
  serviceId,
  heading,
  imageUrl,
  withdrawn,
  slotFor,
  amount,
  prices,
  controls,
  children,
}: {
  serviceId: number;
  heading: string;
  imageUrl: string | null;
  /** No longer bookable: the line is shown faded. */
  withdrawn?: boolean;
  /** The line's slot picker can be found by its service (checkout sends the customer back to it). */
  slotFor?: boolean;
  amount: ReactNode;
  prices: ReactNode;
  controls: QuantityControlsProps;
  children?: ReactNode;
}) {
  const { quantity, canAdd, busy, loading, onFewer, onMore, onRemove } = controls;
  return (
    <li
      className={withdrawn ? `${c.line} ${c.unavailable}` : c.line}
      data-testid="cart-line"
      data-service={serviceId}
      data-slot-for={slotFor ? serviceId : undefined}
    >
      <Img src={imageUrl} alt="" width={72} height={72} className={c.lineImg} fallback={heading} />
      <div className={c.lineBody}>
        <div className={c.lineHead}>
          <Link to="/ServicesDetails" search={{ id: serviceId }} className={c.heading}>
            {heading}
          </Link>
          {amount}
        </div>
        <span className={c.muted}>{prices}</span>
        <div className={c.controls}>
          <Button
            size="sm"
            variant="secondary"
            icon
            aria-label={W.fewer(heading)}
            disabled={busy}
            loading={loading === 'fewer'}
            onClick={onFewer}
          >
            −
          </Button>
          <output className={c.quantity} data-testid="line-quantity" aria-label={W.quantityOf(heading)}>
            {quantity}
          </output>
          <Button
            size="sm"
            variant="secondary"
            icon
            aria-label={W.more(heading)}
            disabled={busy || !canAdd}
            loading={loading === 'more'}
            onClick={onMore}
          >
            +
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} loading={loading === 'remove'} onClick={onRemove}>
            {W.remove}
          </Button>
        </div>
        {children}
      </div>
    </li>
  );
}

/** An empty cart: what to do about it, and the way to the services. */
export function EmptyCart({ description }: { description: string }) {
  return (
    <EmptyState
      title={W.empty}
      description={description}
      action={
        <Link to="/Services" className={buttonClassName()}>
          {W.browse}
        </Link>
      }
    />
  );
}
