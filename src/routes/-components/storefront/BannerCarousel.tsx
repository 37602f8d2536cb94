import { useNavigate } from '@tanstack/react-router';
import { type FocusEvent, type MouseEvent, useEffect, useState } from 'react';
import type { Banner } from '../../../api/storefront';
import { srOnly, useMediaQuery } from '../../../ui';
import { Img } from './parts';
import * as s from './storefront.css';

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
 * The banners of one screen as an accessible carousel (WAI-ARIA APG): previous / next / pause buttons come first,
 * slides are labelled "n of N", rotation stops while the pointer or the keyboard focus is inside and never starts by
 * itself for people who ask for reduced motion. A banner with a YouTube link offers "Watch video" (a new tab; the
 * content security policy forbids frames, and a link costs nothing until it is used).
 */
export function BannerCarousel({ banners, label = 'Offers' }: { banners: Banner[]; label?: string }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const navigate = useNavigate();
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
    navigate({ href });
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={s.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {n > 1 && (
        <div className={s.controls}>
          <button type="button" className={s.control} data-flip onClick={() => go(-1)} aria-label="Previous slide">
            <Icon d={PREV} />
          </button>
          <button
            type="button"
            className={s.control}
            onClick={() => setChoice(!playing)}
            aria-label={playing ? 'Pause automatic slide show' : 'Start automatic slide show'}
          >
            <Icon d={playing ? PAUSE : PLAY} />
          </button>
          <span className={s.counter} aria-hidden="true">
            {current + 1} / {n}
          </span>
          <button type="button" className={s.control} data-flip onClick={() => go(1)} aria-label="Next slide">
            <Icon d={NEXT} />
          </button>
        </div>
      )}
      <div aria-live={rotating ? 'off' : 'polite'}>
        {banners.map((b, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel slide is a group with roledescription "slide", not a form fieldset
          <div
            key={b.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${n}`}
            hidden={i !== current}
            className={s.slide}
          >
            {b.imageUrl ? (
              b.path ? (
                <a href={b.path} onClick={(e) => follow(e, b.path)}>
                  <Img src={b.imageUrl} alt={`Offer ${i + 1}`} width={1200} height={400} className={s.bannerImg} />
                </a>
              ) : (
                <Img src={b.imageUrl} alt={`Offer ${i + 1}`} width={1200} height={400} className={s.bannerImg} />
              )
            ) : (
              <div className={s.bannerVideoOnly}>See Doorstep at work</div>
            )}
            {b.youtubeLink && (
              <a className={s.watch} href={b.youtubeLink} target="_blank" rel="noopener noreferrer">
                <Icon d={PLAY} />
                Watch video
                <span className={srOnly}> (opens YouTube in a new tab)</span>
              </a>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
