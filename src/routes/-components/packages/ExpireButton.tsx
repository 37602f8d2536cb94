// Expire a package (ExpFlag Y: gone from the public pages) or offer it again (N), with a confirmation.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateAfter } from '../../../api/invalidate';
import { expirePackage, type SpecialPackage } from '../../../api/packages';
import { Button, ConfirmDialog, toast } from '../../../ui';

export function ExpireButton({ pkg, size = 'sm' }: { pkg: SpecialPackage; size?: 'sm' | 'md' }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const expired = pkg.expiredStatus === 'Y';

  async function confirm() {
    try {
      const reply = await expirePackage(pkg.id, expired ? 'N' : 'Y');
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'expirePackage');
    } catch (e) {
      toast.error((e as Error).message);
      throw e;
    }
  }

  return (
    <>
      <Button
        variant={expired ? 'secondary' : 'ghost'}
        size={size}
        aria-label={`${expired ? 'Offer again' : 'Expire'}: ${pkg.pkgName}`}
        onClick={() => setOpen(true)}
      >
        {expired ? 'Offer again' : 'Expire'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={expired ? `Offer ${pkg.pkgName} again?` : `Expire ${pkg.pkgName}?`}
        message={
          expired
            ? 'The package shows on the home page again and customers can book it.'
            : 'The package disappears from the public pages and can no longer be booked. Carts that hold it already keep their lines at their normal prices.'
        }
        confirmLabel={expired ? 'Offer again' : 'Expire'}
        tone={expired ? undefined : 'danger'}
        onConfirm={confirm}
      />
    </>
  );
}
