import type { QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FocusEvent, type MouseEvent, useEffect, useState } from 'react';
import { type Banner, categoriesQuery, serviceQuery, subCategoryQuery } from '../../../api/storefront';
import { srOnly, useMediaQuery } from '../../../ui';
import { Img } from './parts';
import * as s from './storefront.css';
import { STOREFRONT as W } from './words';

const ROTATE_MS = 6000;

function Icon({ d }: { d: string }) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}
const PREV = 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z';
const NEXT = 'M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6z';
const PAUSE = 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z';
const PLAY = 'M8 5v14l11-7z';

/**
 * What a banner shows, in words, for its alt text. Banners have no title of their own (the picture carries the
 * words), so it is named after where it leads: the category, sub-category or service, read from the query cache
 * when the page has loaded it, else a generic name.
 */
function bannerTitle(b: Banner, queryClient: QueryClient | undefined): string {
  let url: URL;
  try {
    url = new URL(b.path, 'https://doorstep.invalid');
  } catch {
    return W.banner.offer;
  }
  const id = (name: string) => Number(url.searchParams.get(name)) || 0;
  const page = url.pathname.toLowerCase();
  if (page === '/subcategory' && id('categoryId')) {
    const c = queryClient?.getQueryData(categoriesQuery().queryKey)?.find((x) => x.id === id('categoryId'));
    if (c) return W.banner.offerOn(c.categoryName);
  }
  if (page === '/servicesdetails' && id('id')) {
    const v = queryClient?.getQueryData(serviceQuery(id('id')).queryKey);
    if (v) return W.banner.offerOn(v.heading);
  }
  if (page === '/services' && id('subCategoryId')) {
    const sub = queryClient?.getQueryData(subCategoryQuery(id('subCategoryId')).queryKey);
    if (sub) return W.banner.offerOn(sub.subCategoryName);
  }
  if (page === '/newlaunch') return W.banner.launches;
  if (page === '/services') return W.banner.allServices;
  return W.banner.offer;
}

/**
 * The banners of one screen as an accessible carousel (WAI-ARIA APG): the slides, then a bar with previous /
 * pause / next (below the picture, so they never cover it or its words), slides labelled "n of N", rotation stopped
 * while the pointer or the keyboard focus is inside (WCAG 2.2.2) and never started for people who ask for reduced
 * motion. The first picture is the page's largest paint: eager and fetched first; the others load when shown. A
 * banner with a YouTube link offers "Watch video" (a new tab; the content security policy forbids frames).
 */
export function BannerCarousel({ banners, label = W.banner.offers }: { banners: Banner[]; label?: string }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const router = useRouter();
  const queryClient = (router.options.context as { queryClient?: QueryClient } | undefined)?.queryClient;
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<boolean | null>(null); // the visitor's play / pause
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const n = banners.length;
  const playing = n > 1 && (choice ?? !reducedMotion);
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % n), ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating, n]);

  if (n === 0) return null;
  const current = index % n;
  const go = (step: number) => setIndex((current + step + n) % n);

  // Banner paths are inside the site ("/ServicesDetails?id=3"): navigate without reloading the page.
  const follow = (e: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    router.navigate({ href });
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={s.carousel}
      aria-roledescription={W.banner.carousel}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div aria-live={rotating ? 'off' : 'polite'}>
        {banners.map((b, i) => {
          const picture = b.imageUrl && (
            <Img
              src={b.imageUrl}
              alt={bannerTitle(b, queryClient)}
              width={1200}
              height={400}
              sizes="(max-width: 1232px) calc(100vw - 32px), 1200px"
              priority={i === 0}
              className={s.bannerImg}
            />
          );
          return (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel slide is a group with roledescription "slide", not a form fieldset
            <div
              key={b.id}
              role="group"
              aria-roledescription={W.banner.slideRole}
              aria-label={W.banner.slide(i + 1, n)}
              hidden={i !== current}
              className={s.slide}
            >
              {picture ? (
                b.path ? (
                  <a href={b.path} onClick={(e) => follow(e, b.path)}>
                    {picture}
                  </a>
                ) : (
                  picture
                )
              ) : (
                <div className={s.bannerVideoOnly}>{W.banner.videoOnly}</div>
              )}
            </div>
          );
        })}
      </div>
      {(n > 1 || banners[current].youtubeLink) && (
        <div className={s.controls}>
          {banners[current].youtubeLink && (
            <a className={s.watch} href={banners[current].youtubeLink} target="_blank" rel="noopener noreferrer">
              <Icon d={PLAY} />
              {W.banner.watch}
              <span className={srOnly}>{W.banner.opensYoutube}</span>
            </a>
          )}
          {n > 1 && (
            <div className={s.controlGroup}>
              <button
                type="button"
                className={s.control}
                data-flip
                onClick={() => go(-1)}
                aria-label={W.banner.previous}
              >
                <Icon d={PREV} />
              </button>
              <button
                type="button"
                className={s.control}
                onClick={() => setChoice(!playing)}
                aria-label={playing ? W.banner.pause : W.banner.play}
              >
                <Icon d={playing ? PAUSE : PLAY} />
              </button>
              <span className={s.counter} aria-hidden="true">
                {current + 1} / {n}
              </span>
              <button type="button" className={s.control} data-flip onClick={() => go(1)} aria-label={W.banner.next}>
                <Icon d={NEXT} />
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
