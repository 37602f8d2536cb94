import { useSyncExternalStore } from 'react';

/**
 * The pincode the visitor or customer gave, remembered on the device (decision 046): not a secret, and asked once.
 * The header shows it, listings and service pages answer for it, checkout's first address starts from it.
 */
const KEY = 'doorstep.pincode';
/** Fired in this tab when the pincode changes (other tabs hear the `storage` event). */
const CHANGED = 'doorstep:pincode';
/** Fired to open the header's pincode chooser from anywhere ("change pincode"). */
const OPEN = 'doorstep:pincode-open';

export const PINCODE = /^[1-9]\d{5}$/;

export function readPincode(): string | null {
  try {
    const v = localStorage.getItem(KEY);
    return v && PINCODE.test(v) ? v : null;
  } catch {
    return null;
  }
}

export function rememberPincode(pin: string) {
  if (!PINCODE.test(pin) || readPincode() === pin) return;
  try {
    localStorage.setItem(KEY, pin);
  } catch {
    // Storage refused (private mode, full): the pincode is simply asked again next time.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(changed: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) changed();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED, changed);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED, changed);
  };
}

/** The remembered pincode, or null; re-renders when it changes in this tab or another. */
export const usePincode = () => useSyncExternalStore(subscribe, readPincode, () => null);

/** Opens the header's pincode chooser (the "change pincode" of a listing or a service page). */
export const openPincodeChooser = () => window.dispatchEvent(new Event(OPEN));

export function onPincodeChooserOpened(open: () => void) {
  window.addEventListener(OPEN, open);
  return () => window.removeEventListener(OPEN, open);
}
