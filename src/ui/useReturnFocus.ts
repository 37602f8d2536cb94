import { useRef } from 'react';

/**
 * Focus goes back where it was when a controlled dialog opened (radix does this only for its own Trigger). When
 * that control is gone (the row it deleted), focus goes to the page's main region rather than the document body.
 * Returns the handler for the dialog content's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  // Read while rendering the opening: radix moves focus into the dialog right after this render.
  if (open && !opener.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  return (e: Event) => {
    const target = opener.current?.isConnected ? opener.current : document.getElementById('main');
    opener.current = null;
    if (target) {
      e.preventDefault();
      target.focus();
    }
  };
}
