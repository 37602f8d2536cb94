// One plan on sale: its picture, price, months and the discounts it gives, with what the visitor or customer can do.
import type { ReactNode } from 'react';
import type { SubscriptionPlan } from '../../../api/subscriptions';
import { formatRupees } from '../../../ui';
import { srcsetOf } from '../storefront/images';
import * as s from './subscriptions.css';
import { discountText, monthsText, SUBSCRIPTIONS } from './words';

const W = SUBSCRIPTIONS.card;

export function PlanCard({ plan, held, children }: { plan: SubscriptionPlan; held?: boolean; children?: ReactNode }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article className={held ? `${s.card} ${s.held}` : s.card} aria-labelledby={headingId} data-testid="plan-card">
      {plan.imageUrl ? (
        <img
          className={s.cardImg}
          src={plan.imageUrl}
          srcSet={srcsetOf(plan.imageUrl)}
          sizes="(min-width: 900px) 320px, 100vw"
          width={640}
          height={320}
          alt={W.picture(plan.subscriptionName)}
          loading="lazy"
        />
      ) : null}
      <div className={s.cardBody}>
        <h3 id={headingId} className={s.name} dir="auto">
          {plan.subscriptionName}
        </h3>
        <div className={s.priceRow}>
          <span className={s.price}>{formatRupees(plan.price)}</span>
          <span className={s.muted}>{W.for(monthsText(plan.durationInMonths))}</span>
        </div>
        {plan.discounts.length ? (
          <ul className={s.discounts} aria-label={W.discountsOf(plan.subscriptionName)}>
            {plan.discounts.map((d) => (
              <li key={d.id}>
                <span className={s.off}>{discountText(d)}</span> <bdi>{d.serviceName}</bdi>
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.muted}>{W.noDiscounts}</p>
        )}
        <div className={s.actions}>{children}</div>
      </div>
    </article>
  );
}
