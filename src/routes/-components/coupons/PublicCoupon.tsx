// One live coupon on the public /Coupons page: the code, the offer and its terms in plain words.
import type { Coupon, HomeScreenAd } from '../../../api/homeScreenAds';
import * as s from './coupons.css';
import { offerText, termLines } from './terms';
import { COUPONS } from './words';

export function PublicCoupon({ ad, coupon }: { ad: HomeScreenAd; coupon: Coupon }) {
  const used = coupon.used >= coupon.totalLimit;
  return (
    <li className={s.ticket} aria-labelledby={`coupon-${ad.id}`}>
      <span id={`coupon-${ad.id}`} className={s.ticketCode}>
        {coupon.couponCode}
      </span>
      <p className={s.ticketOffer}>{ad.discountDesc || offerText(coupon)}</p>
      <p className={s.fact} dir="auto">
        {ad.description}
      </p>
      {ad.imageUrl ? <img src={ad.imageUrl} alt="" width={280} height={140} loading="lazy" /> : null}
      <ul className={s.ticketTerms} aria-label={COUPONS.termsOf(coupon.couponCode)}>
        <li>{offerText(coupon)}</li>
        {termLines(coupon).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {used ? <p className={s.muted}>{COUPONS.usedUp}</p> : null}
    </li>
  );
}
