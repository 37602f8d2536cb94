import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../api/session';
import { Button, type ButtonSize, toast } from '../../../ui';
import { CART } from './words';

export interface CartService {
  id: number;
  heading: string;
  imageUrl: string | null;
  /** What a customer pays for one, GST included (rupees), as the storefront shows it. */
  finalPrice: number;
}

/**
 * "Add to cart": a visitor's goes to the local cart in this browser, a signed-in customer's to their cart on the
 * server. Staff, vendors and professionals do not book, so they see no button.
 */
export function AddToCartButton({
  service,
  size = 'sm',
  className,
}: {
  service: CartService;
  size?: ButtonSize;
  className?: string;
}) {
  const session = useSession();
  const user = session.matches('signedIn') ? session.context.user : null;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (user && user.Role !== 'Cust') return null;

  async function add() {
    // The cart's code loads on the first click: the pages that only show cards do not carry it.
    if (!user) {
      const { localCart } = await import('./localCartStore');
      localCart().send({
        type: 'ADD',
        item: {
          id: service.id,
          heading: service.heading,
          imageUrl: service.imageUrl,
          pricePaise: Math.round(service.finalPrice * 100),
        },
      });
      return;
    }
    setBusy(true);
    try {
      const [{ addToCart }, { invalidateAfter }] = await Promise.all([
        import('../../../api/cart'),
        import('../../../api/invalidate'),
      ]);
      const reply = await addToCart(service.id);
      toast.success(reply.message, 'bottom-left');
      await invalidateAfter(queryClient, 'addCart');
    } catch (e) {
      toast.error((e as Error).message, 'bottom-left');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size={size}
      variant="secondary"
      className={className}
      loading={busy}
      onClick={add}
      aria-label={CART.addNamed(service.heading)}
    >
      {CART.add}
    </Button>
  );
}
