import { srOnly } from '../../../ui';
import { STOREFRONT } from './words';

const W = STOREFRONT.pincode;

function PinIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

/**
 * The button's face, shared by the plain button and the chooser's trigger. Its name is its text (no aria-label): a
 * label would make every "Pincode" field lookup by label on the page find the header too.
 */
export function PincodeFace({ pin }: { pin: string | null }) {
  return (
    <>
      <PinIcon />
      {/* Short on screen (the laptop header's nav keeps one row), whole for a screen reader. */}
      <span className={srOnly}>{pin ? W.yours : W.set}</span>
      <span data-testid="header-pincode">{pin ?? W.pincode}</span>
      {pin && <span className={srOnly}>{W.change}</span>}
    </>
  );
}
