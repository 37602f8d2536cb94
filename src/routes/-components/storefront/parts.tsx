import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ApiError } from '../../../api/client';
import type { Category, Service } from '../../../api/storefront';
import { cx, EmptyState, formatRupees, srOnly } from '../../../ui';
import { AddToCartButton } from '../cart/AddToCartButton';
import * as cart from '../cart/cart.css';
import { Loaded } from '../Loaded';
import { FavouriteButton } from './FavouriteButton';
import * as fav from './favourite.css';
import { srcsetOf } from './images';
import * as r from './ratings.css';
import * as s from './storefront.css';
import { STOREFRONT as W } from './words';

export interface ImgProps {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Text for the placeholder shown when there is no picture (its first letter is used). */
  fallback?: string;
  /** The displayed width for srcset (default `<width>px`: the picture is drawn at its own size). */
  sizes?: string;
  /** The picture that paints first (the page's LCP): loaded at once and ahead of the rest. */
  priority?: boolean;
  /**
   * Offer the WebP variants (default). Their width descriptors are upper bounds (a small upload is never enlarged),
   * so a picture whose intrinsic size matters, such as a zoomable cover, can opt out.
   */
  responsive?: boolean;
}

/**
 * Every storefront picture, with its display size reserved and, for uploaded pictures, a srcset of its WebP
 * variants. Lazy and decoded off the main thread, except the `priority` one, which the page needs first.
 */
export function Img({
  src,
  alt,
  width,
  height,
  className,
  fallback,
  sizes,
  priority = false,
  responsive = true,
}: ImgProps) {
  if (!src) {
    return (
      <span
        className={cx(s.imgFallback, className)}
        style={className ? undefined : { inlineSize: width, blockSize: height }}
        aria-hidden="true"
      >
        {fallback?.trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  const srcSet = responsive ? srcsetOf(src) : undefined;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      className={className}
    />
  );
}

export function Section({
  title,
  id,
  more,
  children,
}: {
  title: ReactNode;
  id: string;
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={s.section} aria-labelledby={id}>
      <div className={s.sectionHead}>
        <h2 id={id} className={s.sectionTitle}>
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  );
}

/** Category tiles; each opens the category's sub-categories. */
export function CategoryGrid({ categories }: { categories: Pick<Category, 'id' | 'categoryName' | 'imageUrl'>[] }) {
  return (
    <ul className={s.tileGrid}>
      {categories.map((c) => (
        <li key={c.id}>
          <Link to="/SubCategory" search={{ categoryId: c.id }} className={s.tile}>
            <Img src={c.imageUrl} alt="" width={96} height={96} className={s.tileImg} fallback={c.categoryName} />
            <span className={s.tileName}>{c.categoryName}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The price a customer pays, as the server computed it (GST included), with the discount when there is one. */
export function PriceLine({ service }: { service: Pick<Service, 'finalPrice' | 'discount'> }) {
  return (
    <span className={s.priceRow}>
      <span className={s.price}>{formatRupees(service.finalPrice)}</span>
      <span className={s.priceNote}>{W.card.inclGst}</span>
      {service.discount > 0 && <span className={s.off}>{W.card.off(service.discount)}</span>}
    </span>
  );
}

/** What a listing adds to each card (its availability at the remembered pincode). */
export type CardExtra = (service: Service) => ReactNode;

/** A service's card: the link to its page, with the favourite heart over the picture (outside the link). */
export function ServiceCard({ service, extra }: { service: Service; extra?: CardExtra }) {
  return (
    <div className={fav.cardWithHeart}>
      <ServiceCardLink service={service} extra={extra} />
      <FavouriteButton serviceId={service.id} heading={service.heading} className={fav.onCard} />
      <AddToCartButton service={service} className={cart.onCard} />
    </div>
  );
}

/**
 * A home-page card's picture, decoration beside its words (alt ""), 160 high: it fills its grid column, the whole
 * row on a phone and about 320px on a laptop. The services', the packages' and the offers' cards.
 */
export function CardImg({
  src,
  width = 320,
  className,
  fallback,
}: Pick<ImgProps, 'src' | 'className' | 'fallback'> & { width?: number }) {
  return (
    <Img
      src={src}
      alt=""
      width={width}
      height={160}
      sizes="(max-width: 600px) calc(100vw - 32px), 320px"
      className={className}
      fallback={fallback}
    />
  );
}

function ServiceCardLink({ service, extra }: { service: Service; extra?: CardExtra }) {
  return (
    <Link to="/ServicesDetails" search={{ id: service.id }} className={s.serviceCard}>
      <CardImg src={service.imageUrl} width={240} className={s.serviceImg} fallback={service.heading} />
      <span className={cx(s.serviceBody, cart.roomForCart)}>
        <span className={s.serviceName}>{service.heading}</span>
        <span className={s.tileMeta}>
          {service.subCategoryName} · {service.categoryName}
        </span>
        {service.ratingAverage != null && service.ratingCount ? (
          <span className={r.cardRating}>
            <span aria-hidden="true">★ </span>
            {service.ratingAverage.toFixed(1)}
            <span className={srOnly}>{W.card.outOf5From}</span> ({service.ratingCount}
            <span className={srOnly}>{W.card.ratings}</span>)
          </span>
        ) : null}
        <PriceLine service={service} />
        {extra?.(service)}
      </span>
    </Link>
  );
}

export function ServiceGrid({
  services,
  strip = false,
  extra,
}: {
  services: Service[];
  strip?: boolean;
  extra?: CardExtra;
}) {
  return (
    <ul className={strip ? s.strip : s.cardGrid}>
      {services.map((v) => (
        <li key={v.id}>
          <ServiceCard service={v} extra={extra} />
        </li>
      ))}
    </ul>
  );
}

/** Loaded (../Loaded.tsx) in the storefront's words. A 404 (gone, or switched off by the admin) reads as "not available". */
export function QueryView<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, in words: "categories", "this service". */
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined && query.error instanceof ApiError && query.error.status === 404)
    return <NotAvailable what={label} />;
  return (
    <Loaded query={query} loadingLabel={W.loading(label)} failedTitle={W.loadFailed(label)}>
      {children}
    </Loaded>
  );
}

export function NotAvailable({ what }: { what: string }) {
  return (
    <EmptyState
      title={W.notAvailable(what)}
      description={W.notAvailableText}
      action={
        <Link to="/Services" search={{}}>
          {W.browseAll}
        </Link>
      }
    />
  );
}
