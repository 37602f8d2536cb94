// The home page's row of active advertisements (decision 022). Plain markup: the public home carries no query hooks
// (its loader reads the data), so the row costs a few hundred bytes of script.
import type { HomeScreenAd } from '../../../api/homeScreenAds';
import { CardImg } from '../storefront/parts';
import * as s from './advertisements.css';

export function AdvertisementRow({ ads }: { ads: HomeScreenAd[] }) {
  return (
    <ul className={s.row} aria-label="Offers">
      {ads.map((ad) => (
        <li key={ad.id} className={s.card}>
          <CardImg src={ad.imageUrl} className={s.img} fallback={ad.description} />
          <div className={s.body}>
            <p className={s.text} dir="auto">
              {ad.description}
            </p>
            {ad.discountDesc ? (
              <p className={s.offer} dir="auto">
                {ad.discountDesc}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
