import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ServiceDetail, serviceQuery } from '../../../api/storefront';
import { formatRupees, srOnly } from '../../../ui';
import { AddToCartButton } from '../cart/AddToCartButton';
import { Breadcrumbs } from './Breadcrumbs';
import { FavouriteButton } from './FavouriteButton';
import * as fav from './favourite.css';
import { PincodeAvailability } from './PincodeAvailability';
import { Img, NotAvailable, PriceLine, QueryView, Section } from './parts';
import { ServiceRatings } from './Ratings';
import * as s from './storefront.css';
import { STOREFRONT } from './words';

const W = STOREFRONT.service;

function Gallery({ service }: { service: ServiceDetail }) {
  const media = service.media;
  const cover = service.imageUrl ?? media.find((m) => m.type === 'image')?.url ?? null;
  const rest = media.filter((m) => m.url !== cover);
  return (
    <div className={s.gallery}>
      <Img
        src={cover}
        alt={service.heading}
        width={720}
        height={480}
        // The original, as uploaded, so its natural size stays true (variant descriptors are upper bounds).
        responsive={false}
        priority
        className={s.mainImg}
        fallback={service.heading}
      />
      {rest.length > 0 && (
        <ul className={s.thumbs} aria-label={W.media}>
          {rest.map((m, i) => (
            <li key={m.id}>
              {m.type === 'image' ? (
                <Img src={m.url} alt={W.picture(service.heading, i + 1)} width={240} height={180} className={s.thumb} />
              ) : m.type === 'video' ? (
                // biome-ignore lint/a11y/useMediaCaption: uploaded videos come without caption files (the catalogue has no field for them)
                <video
                  src={m.url}
                  controls
                  preload="none"
                  width={240}
                  height={180}
                  className={s.thumb}
                  aria-label={W.video(service.heading, i + 1)}
                >
                  <a href={m.url}>{W.download}</a>
                </video>
              ) : (
                <a href={m.url} target="_blank" rel="noopener noreferrer" className={s.youtube}>
                  <svg width={22} height={22} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                    <path d="M8 5v14l11-7z" />
                  </svg>
                  {W.youtube}
                  <span className={srOnly}>{W.newTab}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Details({ service }: { service: ServiceDetail }) {
  const { rating } = service;
  return (
    <>
      <Breadcrumbs current={service.heading}>
        <li>
          <Link to="/SubCategory" search={{ categoryId: service.categoryId }}>
            {service.categoryName}
          </Link>
        </li>
        <li>
          <Link to="/Services" search={{ subCategoryId: service.subCategoryId }}>
            {service.subCategoryName}
          </Link>
        </li>
      </Breadcrumbs>
      <div className={s.detail}>
        <Gallery service={service} />
        <div className={s.panel}>
          <div className={s.hero}>
            <div className={fav.titleRow}>
              <h1 className={s.heroTitle}>{service.heading}</h1>
              <FavouriteButton serviceId={service.id} heading={service.heading} />
            </div>
            <p className={s.muted}>
              {service.subCategoryName} · {service.categoryName}
            </p>
            {rating && (
              <p className={s.rating}>
                <span aria-hidden="true">★ {rating.average.toFixed(1)}</span>
                <span className={srOnly}>{W.rated(rating.average.toFixed(1))}</span>
                <span className={s.priceNote}>{W.fromRatings(rating.count)}</span>
              </p>
            )}
          </div>
          <PriceLine service={service} />
          <div>
            <AddToCartButton service={service} size="md" />
          </div>
          <PincodeAvailability category={{ id: service.categoryId, categoryName: service.categoryName }} />
          <dl className={s.priceTable} aria-label={W.breakdown}>
            <dt>{W.price}</dt>
            <dd>{formatRupees(service.price)}</dd>
            <dt>{W.discount}</dt>
            <dd>{service.discount}%</dd>
            <dt>{W.afterDiscount}</dt>
            <dd>{formatRupees(service.discountedPrice)}</dd>
            <dt>{W.gst(service.gst)}</dt>
            <dd>{formatRupees(service.gstAmount)}</dd>
            <dt className={s.totalRow}>{W.youPay}</dt>
            <dd className={s.totalRow}>{formatRupees(service.finalPrice)}</dd>
          </dl>
          {service.visitingCharges > 0 && (
            <p className={s.muted}>{W.visiting(formatRupees(service.visitingCharges))}</p>
          )}
          <p className={s.muted}>{W.by(service.professionalType === 'Engineer')}</p>
        </div>
      </div>
      {service.pDetails && (
        <Section title={W.about} id="service-about">
          <p className={s.description}>{service.pDetails}</p>
        </Section>
      )}
      <ServiceRatings serviceId={service.id} />
    </>
  );
}

/** One service: pictures and videos, the server's price breakdown, description, rating summary (once there are ratings). */
export function ServiceDetails({ id = 0 }: { id?: number }) {
  const service = useQuery(serviceQuery(id));
  return (
    <div className={s.page}>
      {id ? (
        <QueryView query={service} label={W.what}>
          {(v) => <Details service={v} />}
        </QueryView>
      ) : (
        <NotAvailable what={W.what} />
      )}
    </div>
  );
}
