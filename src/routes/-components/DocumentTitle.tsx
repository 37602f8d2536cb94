import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

type Meta = { title?: string } | undefined;

/**
 * Sets document.title from the deepest route whose `head` names one (`head: () => ({ meta: [{ title }] })`). The
 * router's <HeadContent /> does this too, but it brings the whole head manager (scripts, links, meta tags) into the
 * public home's first load for a single <title>; the app only ever sets titles.
 */
export function DocumentTitle() {
  const title = useRouterState({
    select: (s) => {
      for (let i = s.matches.length - 1; i >= 0; i--) {
        const found = (s.matches[i].meta as Meta[] | undefined)?.find((m) => m?.title)?.title;
        if (found) return found;
      }
      return undefined;
    },
  });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}
