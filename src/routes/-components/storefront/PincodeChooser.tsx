import { useQuery } from '@tanstack/react-query';
import { categoriesQuery } from '../../../api/storefront';
import { Popover } from '../../../ui/Popover';
import { PincodeCheck } from './PincodeCheck';
import { PincodeFace } from './PincodeFace';
import * as p from './pincode.css';
import { STOREFRONT } from './words';

/** The header's pincode chooser: the same check as the home page's, in a popover under the pincode button. */
export default function PincodeChooser({
  pin,
  open,
  onOpenChange,
}: {
  pin: string | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const categories = useQuery(categoriesQuery());
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      align="start"
      title={STOREFRONT.pincode.chooserTitle}
      trigger={
        <button type="button" className={p.headerPin}>
          <PincodeFace pin={pin} />
        </button>
      }
      onOpenAutoFocus={(e) => {
        // Straight to the pincode field (it exists once the content is mounted, which is when this runs).
        const field = document.querySelector<HTMLInputElement>('[data-pincode-chooser] input[name="pincode"]');
        if (!field) return;
        e.preventDefault();
        field.focus();
        field.select();
      }}
    >
      <div data-pincode-chooser>
        <PincodeCheck categories={categories.data ?? []} bare />
      </div>
    </Popover>
  );
}
