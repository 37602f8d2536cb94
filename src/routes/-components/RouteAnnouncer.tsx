import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { srOnly } from '../../ui';

/** The page's main heading: the h1 inside <main> when the layout has one, else the first h1. */
const mainHeading = () =>
  document.querySelector<HTMLHeadingElement>('main h1') ?? document.querySelector<HTMLHeadingElement>('h1');

/**
 * Waits (up to `ms`) for the new page's heading with text: lazy pages and their data arrive after the route resolves.
 * `stale` is the heading of the page left behind, which may still be on screen for a frame.
 */
function whenHeading(ms: number, stale: Element | null, done: (h: HTMLHeadingElement | null) => void) {
  const until = performance.now() + ms;
  let frame = 0;
  const look = () => {
    const h = mainHeading();
    if ((h && h !== stale && h.textContent?.trim()) || performance.now() > until) return done(h);
    frame = requestAnimationFrame(look);
  };
  look();
  return () => cancelAnimationFrame(frame);
}

/**
 * One place for what every navigation needs (decision 011): after a client-side move to another page, focus goes to
 * that page's main heading and a polite live region says "<title> loaded". The title itself comes from the route's
 * `head` (rendered by <HeadContent /> in __root). The first load keeps the browser's own focus, and a change of
 * search parameters only (a list's page, sort or search) is not another page, so it neither moves focus nor announces.
 */
export function RouteAnnouncer() {
  const router = useRouter();
  const [message, setMessage] = useState('');

  useEffect(() => {
    let cancel: (() => void) | undefined;
    let left: Element | null = null;
    const unsubBefore = router.subscribe('onBeforeNavigate', (e) => {
      if (e.pathChanged) left = mainHeading();
    });
    const unsubResolved = router.subscribe('onResolved', (e) => {
      // The initial resolve has no previous location (or the same one): that is the first load.
      if (!e.fromLocation || !e.pathChanged) return;
      cancel?.();
      const before = document.activeElement;
      cancel = whenHeading(3000, left, (h) => {
        // Someone who already moved focus themselves (typed into a search box) keeps it.
        const moved = document.activeElement !== before && document.activeElement !== document.body;
        if (h && h !== left && !moved) {
          if (!h.hasAttribute('tabindex')) h.setAttribute('tabindex', '-1');
          h.focus();
        }
        // The live region must change to be read again, even when the same page is visited twice.
        setMessage('');
        requestAnimationFrame(() => setMessage(`${document.title} loaded`));
      });
    });
    return () => {
      cancel?.();
      unsubBefore();
      unsubResolved();
    };
  }, [router]);

  return (
    <div className={srOnly} role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
