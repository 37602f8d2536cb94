import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PincodeFace } from './PincodeFace';
import { onPincodeChooserOpened, usePincode } from './pincode';
import * as p from './pincode.css';

// The chooser (radix Popover, the category list) loads on first use: the home page's budget (decision 009) pays only
// for this button.
const PincodeChooser = lazy(() => import('./PincodeChooser'));

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
