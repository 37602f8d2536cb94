import { Fragment } from 'react';
import type { Service } from '../../../../api/catalogue';
import { Card, formatRupees } from '../../../../ui';
import * as s from '../../-components/admin.css';

/** The prices as the server computed them (rounded half-up to the paisa there); nothing is computed here. */
export function ServicePrices({ service }: { service: Service }) {
  const rows: [string, string][] = [
    ['Price', formatRupees(service.price)],
    ['Discount', `${service.discount} %`],
    ['Discounted price', formatRupees(service.discountedPrice)],
    [`GST (${service.gst} %)`, formatRupees(service.gstAmount)],
    ['Final price', formatRupees(service.finalPrice)],
  ];
  return (
    <Card title="Prices">
      <p className={s.muted}>As the server computed them from the saved price, discount and GST.</p>
      <dl className={s.priceList}>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd className={s.priceValue}>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </Card>
  );
}
