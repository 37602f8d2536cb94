// "Book package" on a package card. Small on purpose: the public home page loads it; the call and the cache
// refresh load on the first click.
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../../api/session';
import { Button, buttonClassName, toast } from '../../../ui';

/**
 * A signed-in customer's click puts every service of the package in their cart (decision 022) and opens /UserCart;
 * a visitor's leads to sign-in and back. Staff and partner accounts do not book, so they see no button.
 */
export function BookPackageButton({ id, name, className }: { id: number; name: string; className?: string }) {
  const user = useSession().context.user;
  const here = useRouterState({ select: (r) => r.location.href });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (user && user.Role !== 'Cust') return null;
  if (!user) {
    return (
      <Link
        to="/Auth"
        search={{ redirect: here }}
        className={buttonClassName({ size: 'sm' }) + (className ? ` ${className}` : '')}
        aria-label={`Book package ${name} (sign in first)`}
      >
        Book package
      </Link>
    );
  }

  async function book() {
    setBusy(true);
    try {
      const [{ addPackageToCart }, { invalidateAfter }] = await Promise.all([
        import('../../../api/packages'),
        import('../../../api/invalidate'),
      ]);
      const reply = await addPackageToCart(id);
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'addPackageToCart');
      await navigate({ to: '/UserCart' });
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button size="sm" className={className} loading={busy} onClick={book} aria-label={`Book package ${name}`}>
      Book package
    </Button>
  );
}
