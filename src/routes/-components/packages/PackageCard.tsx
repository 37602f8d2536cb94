import type { SpecialPackage } from '../../../api/packages';
import { formatRupees, srOnly } from '../../../ui';
import { CardImg } from '../storefront/parts';
import { BookPackageButton } from './BookPackageButton';
import * as s from './packages.css';

/**
 * A special package on the public pages: its picture, what it includes and its price before GST next to what the
 * services cost on their own; "Book package" puts them in the cart at the package's price (decision 022).
 */
export function PackageCard({ pkg, headingLevel = 3 }: { pkg: SpecialPackage; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const saving = Math.round((pkg.servicesValue - pkg.price) * 100) / 100;
  return (
    <article className={s.card} aria-labelledby={`package-${pkg.id}`}>
      <CardImg src={pkg.pkgImageUrl} className={s.cardImg} fallback={pkg.pkgName} />
      <div className={s.cardBody}>
        <Heading id={`package-${pkg.id}`} className={s.name} dir="auto">
          {pkg.pkgName}
        </Heading>
        <p className={s.desc} dir="auto">
          {pkg.pkgDesc}
        </p>
        <ul className={s.includes} aria-label={`${pkg.pkgName} includes`}>
          {pkg.services.map((v) => (
            <li key={v.id} dir="auto">
              {v.heading}
            </li>
          ))}
        </ul>
        <p className={s.priceRow}>
          <span className={s.price}>{formatRupees(pkg.price)}</span>
          <span className={s.note}>+ GST</span>
          {saving > 0 ? (
            <>
              <span className={s.was}>
                <span className={srOnly}>instead of </span>
                {formatRupees(pkg.servicesValue)}
              </span>
              <span className={s.save}>Save {formatRupees(saving)}</span>
            </>
          ) : null}
        </p>
        <BookPackageButton id={pkg.id} name={pkg.pkgName} className={s.book} />
      </div>
    </article>
  );
}
