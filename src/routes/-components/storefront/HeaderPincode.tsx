import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { srOnly } from '../../../ui';
import { onPincodeChooserOpened, usePincode } from './pincode';
import * as p from './pincode.css';

// The chooser (radix Popover, the category list) loads on first use: the home page's budget (decision 009) pays only
// for this button.
const PincodeChooser = lazy(() => import('./PincodeChooser'));

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
      {pin && <span className={srOnly}>Your pincode: </span>}
      <span data-testid="header-pincode">{pin ?? 'Set pincode'}</span>
      {pin && <span className={srOnly}> (change)</span>}
    </>
  );
}

/**
 * The header's pincode (decision 046): the one remembered on this device, and the way to change it. Until first
 * pressed it is a plain button; then the chooser takes its place, open.
 */
export function HeaderPincode() {
  const pin = usePincode();
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const path = useRouterState({ select: (st) => st.location.pathname });

  useEffect(
    () =>
      onPincodeChooserOpened(() => {
        setWanted(true);
        setOpen(true);
      }),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (a "See services" link) closes it
  useEffect(() => {
    setOpen(false);
  }, [path]);

  const button = (
    <button
      type="button"
      className={p.headerPin}
      onClick={() => {
        setWanted(true);
        setOpen(true);
      }}
    >
      <PincodeFace pin={pin} />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <PincodeChooser pin={pin} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
