// The server's statements for one placement and one wallet transfer, sent straight over pg: no HTTP, no framework,
// no drizzle, no app code between them. This is the plain-SQL side of the benches' app / plain SQL figure
// (decision 049). The texts are the server's own, character for character, copied from a statement log of one call
// (`ALTER DATABASE … SET log_statement = 'all'`). The parameters are fresh on every call. When the server's
// statements change, these must change with them. The benches print the rows a call wrote both ways, which shows a
// change in what a call writes, but not a read added or removed.
import { createHash, randomInt } from 'node:crypto';
import pg from 'pg';

/**
 * A pool the size of the server's. Every statement is named, as the server's pool names a text from its second use on
 * (decision 035), so each connection parses it once.
 */
export function plainPool(url: string, max: number) {
  return new pg.Pool({ connectionString: url, max });
}

const names = new Map<string, string>();
function send<R extends pg.QueryResultRow = any>(c: pg.Pool | pg.PoolClient, text: string, values: unknown[]) {
  let name = names.get(text);
  if (name === undefined) {
    name = `plain${names.size}`;
    names.set(text, name);
  }
  return c.query<R>({ name, text, values });
}

const hashOf = (s: string) => createHash('sha256').update(s).digest('hex');

/** The system accounts' fixed ids (the server knows them from its start). */
export async function systemAccounts(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ kind: string; id: number }>(
    'select kind, min(id)::int as id from ledger_accounts where owner_user_id is null group by kind',
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.id]));
}

// ---------------------------------------------------------------------------------------------------- sessions

const LIVE_SESSION = `select s.id as "sessionId", u.id, u.full_name as "fullName", u.email, u.role, u.phone,
    u.mobile_no as "mobileNo", u.must_change_password as "mustChangePassword", s.expires_at as "expiresAt"
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1::varchar and s.revoked_at is null and s.expires_at > $2::timestamptz and u.active
  limit 1`;

export interface SessionUser {
  id: number;
  fullName: string;
  mobileNo: string;
}

/**
 * Every signed-in call's session. The server reads a token's session at most once every 10 seconds and keeps the
 * answer in memory (server/plugins/auth.ts). This keeps the same cache, so the driver sends the reads the server sends.
 */
export function sessions(pool: pg.Pool) {
  const cache = new Map<string, { user: SessionUser; until: number }>();
  return async (token: string): Promise<SessionUser> => {
    const hit = cache.get(token);
    if (hit && hit.until > Date.now()) return hit.user;
    const [user] = (await send<SessionUser>(pool, LIVE_SESSION, [hashOf(token), new Date()])).rows;
    if (!user) throw new Error('no live session for a bench token');
    cache.set(token, { user, until: Date.now() + 10_000 });
    return user;
  };
}

// ---------------------------------------------------------------------------------------------------- placing

const LOCK_CART = `
    with locked as (select id from cart_lines where customer_user_id = $1::int order by id for update)
    select o.* from (select count(*) from locked) l
      left join orders o on o.customer_user_id = $2::int and o.idempotency_key = $3::text`;

const DEFAULT_ADDRESS = 'select * from customer_addresses where customer_user_id = $1::int and is_default';

const CART_LINES = `select cl.id, cl.service_id as "serviceId", cl.quantity, cl.slot_start as "slotStart",
    cl.package_id as "packageId", s.heading, s.image_url as "imageUrl", s.sub_category_id as "subCategoryId",
    sc.category_id as "categoryId", c.sac_code as "sacCode", s.price_paise as "pricePaise",
    s.discount_percent as "discountPercent", s.gst_percent as "gstPercent",
    (s.active and sc.active and c.active) as available
  from cart_lines cl
  join services s on s.id = cl.service_id
  join sub_categories sc on sc.id = s.sub_category_id
  join categories c on c.id = sc.category_id
  where cl.customer_user_id = $1::int
  order by cl.created_at, cl.id`;

const servedCategories = (n: number) => `
    select c.id, c.name, zp.zone_id as "zoneId", z.zone_name as "zoneName", z.active as "zoneActive",
      (z.active and exists (select 1 from category_zones cz where cz.zone_id = z.id and cz.category_id = c.id)) as served
    from categories c
    left join zone_pincodes zp on zp.pin_code = $1
    left join zones z on z.id = zp.zone_id
    where c.id in (${Array.from({ length: n }, (_, i) => `$${i + 2}`).join(', ')})`;

const WALLET = 'select id, balance from ledger_accounts where kind = $1 and owner_user_id = $2::int';

const servedServices = (n: number) => `select s.id as service_id from (values ${Array.from(
  { length: n },
  (_, i) => `($${i + 1}::int)`,
).join(', ')}) as s(id)
      where exists (select 1 from professional_zones pz join professional_services ps
    on ps.professional_user_id = pz.professional_user_id and ps.service_id = s.id
    where pz.zone_id = $${n + 1}::int)`;

const SUBSCRIPTION = `
    select cs.id as "customerSubscriptionId", cs.subscription_id as "subscriptionId",
      p.subscription_name as "subscriptionName"
    from customer_subscriptions cs join subscription_plans p on p.id = cs.subscription_id
    where cs.customer_user_id = $1::int and cs.state = 'active'
      and cs.starts_at <= $2::timestamptz and cs.ends_at > $3::timestamptz
    order by cs.ends_at desc limit 1`;

const ORDER_COLUMNS: [string, string][] = [
  ['customer_user_id', 'integer'],
  ['status', 'varchar(20)'],
  ['status_update_date', 'timestamp with time zone'],
  ['order_type', 'varchar(12)'],
  ['payment_type', 'varchar(16)'],
  ['address_id', 'integer'],
  ['customer_name', 'text'],
  ['place_address', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['state_id', 'integer'],
  ['pin_code', 'varchar(6)'],
  ['country', 'varchar(16)'],
  ['receiver_name', 'text'],
  ['receiver_mobile_no', 'varchar(10)'],
  ['intra_state', 'boolean'],
  ['taxable_paise', 'bigint'],
  ['gst_paise', 'bigint'],
  ['tip_paise', 'integer'],
  ['total_paise', 'bigint'],
  ['wallet_paise', 'bigint'],
  ['provider_paise', 'bigint'],
  ['coupon_id', 'integer'],
  ['coupon_code', 'varchar(24)'],
  ['promo_discount_paise', 'bigint'],
  ['idempotency_key', 'varchar(100)'],
  ['request_hash', 'varchar(64)'],
  ['created_at', 'timestamp with time zone'],
];
const LINE_COLUMNS: [string, string][] = [
  ['customer_user_id', 'integer'],
  ['service_id', 'integer'],
  ['category_id', 'integer'],
  ['description', 'text'],
  ['sac_code', 'varchar(8)'],
  ['quantity', 'integer'],
  ['unit_price_paise', 'integer'],
  ['discount_percent', 'integer'],
  ['discount_paise', 'bigint'],
  ['promo_kind', 'varchar(12)'],
  ['promo_discount_paise', 'bigint'],
  ['package_id', 'integer'],
  ['taxable_paise', 'bigint'],
  ['gst_rate', 'integer'],
  ['cgst_paise', 'bigint'],
  ['sgst_paise', 'bigint'],
  ['igst_paise', 'bigint'],
  ['total_paise', 'bigint'],
  ['slot_start', 'timestamp with time zone'],
  ['zone_id', 'integer'],
  ['completion_code', 'varchar(4)'],
  ['state', 'varchar(16)'],
  ['state_changed_at', 'timestamp with time zone'],
  ['created_at', 'timestamp with time zone'],
];
const TRANSITIONS = [
  [null, 'awaitingPayment', 'CREATE'],
  ['awaitingPayment', 'unassigned', 'PAYMENT_SETTLED'],
];

/** The order, its lines, their transitions and the emptied cart in one statement (decision 040), for `n` lines. */
function placedOrder(n: number) {
  let p = 0;
  const params = (cols: [string, string][]) => cols.map(([, type]) => `$${++p}::${type}`).join(', ');
  const orderValues = params(ORDER_COLUMNS);
  const lineValues = Array.from({ length: n }, (_, i) => `(${i}, ${params(LINE_COLUMNS)})`).join(', ');
  const transitions = TRANSITIONS.map((_, i) => `(${i}, $${++p}::text, $${++p}::text, $${++p}::text)`).join(', ');
  const entity = ++p;
  const actor = ++p;
  const cartOf = ++p;
  return `with o as (
      insert into orders (${ORDER_COLUMNS.map(([c]) => c).join(', ')}) values (${orderValues})
      on conflict do nothing returning *),
    l as (
      insert into order_lines (order_id, ${LINE_COLUMNS.map(([c]) => c).join(', ')})
      select o.id, ${LINE_COLUMNS.map((_, i) => `v.column${i + 2}`).join(', ')}
        from o cross join (values ${lineValues}) v order by v.column1
      returning id, service_id, zone_id, slot_start),
    t as (
      insert into transition_log (entity, entity_id, from_state, to_state, event, actor_id)
      select $${entity}::text, l.id, s.from_state, s.to_state, s.event, $${actor}::int
        from l cross join (values ${transitions}) s(n, from_state, to_state, event)
       order by l.id, s.n),
    emptied as (delete from cart_lines where customer_user_id = $${cartOf}::int and exists (select 1 from o))
    select o.*, (select json_agg(json_build_object('id', l.id, 'serviceId', l.service_id, 'zoneId', l.zone_id,
        'slotStart', l.slot_start) order by l.id) from l) as placed_lines
      from o`;
}

const OPEN_TRANSFER = `with t as (insert into ledger_transfers
    (kind, reference, remark, actor_id, idempotency_key, request_hash, provider_payment_id, corrects_transfer_id)
  select $1::text, $2::text, $3::text, $4::int,
    $5::text, $6::text, $7::text,
    $8::bigint
  on conflict (idempotency_key) do nothing returning id) select (select id from t) as transfer_id, a.id, a.balance, a.allow_negative,
          0 as reserved from ledger_accounts a where a.id = any(array[$9::int])
          order by a.id for update of a`;

/** Who is told of the unassigned lines: dispatch's ranked suggestions for each (decision 016). */
const audience = (n: number) => `select l.ord, l.line_id, c.* from (values ${Array.from({ length: n }, (_, i) => {
  const b = i * 10;
  return `($${b + 1}::int, $${b + 2}::int, $${b + 3}::int, $${b + 4}::int, $${b + 5}::timestamptz,
          $${b + 6}::int, $${b + 7}::timestamptz, $${b + 8}::timestamptz,
          $${b + 9}::numeric, $${b + 10}::int)`;
}).join(', ')})
        as l(ord, line_id, service_id, zone_id, slot_start, except_user_id, day_start, day_end, unrated_as, max_rows)
      cross join lateral (
        select x.*, row_number() over (
            order by x.today_jobs asc, coalesce(x.rating_total::numeric / nullif(x.rating_count, 0), l.unrated_as) desc,
              x.zone_distance asc, x.user_id asc) as rn
        from (
          select p.user_id, u.full_name, u.mobile_no, p.professional_type, p.rating_total, p.rating_count,
            case when p.home_zone_id = lz.id then 0 when p.city_id = lz.city_id then 1
                 when p.state_id = lz.state_id then 2 else 3 end as zone_distance,
            lz.zone_name,
            (select s.heading from services s where s.id = l.service_id) as service_name,
            (select count(*) from order_lines j where j.professional_user_id = p.user_id and j.state in ('assigned', 'accepted')
              and j.slot_start >= l.day_start and j.slot_start < l.day_end)::int as today_jobs
          from zones lz
          join professional_zones pz on pz.zone_id = lz.id
          join professional_services ps on ps.professional_user_id = pz.professional_user_id and ps.service_id = l.service_id
          join professionals p on p.user_id = pz.professional_user_id
          join users u on u.id = p.user_id
          where lz.id = l.zone_id and u.active and p.available and p.user_id <> l.except_user_id
            and (select 1 from order_lines o where o.professional_user_id = p.user_id and o.state in ('assigned', 'accepted')
                 and o.slot_start = l.slot_start and o.id <> l.line_id limit 1) is null
            and (select 1 from order_line_rejections r
                 where r.order_line_id = l.line_id and r.professional_user_id = p.user_id limit 1) is null
        ) x
        order by rn
        limit l.max_rows
      ) c
      order by l.ord, c.rn`;

/**
 * The payment's legs on the balances and its entries: revenue, CGST and SGST payable (one leg per head, decision 053;
 * a zero leg is dropped, as the app's transfer drops it) and the wallet. Free system accounts move this connection's
 * shard (036).
 */
const MOVE_BALANCES = `
    with v(id, amount) as (values ($1::int, $2::bigint), ($3::int, $4::bigint), ($5::int, $6::bigint),
      ($7::int, $8::bigint)),
    s as (select case when v.id = any($9::int[]) and pg_backend_pid() % $10 > 0
        then v.id * $11 + pg_backend_pid() % $12 else v.id end as id, sum(v.amount)::bigint as amount
      from v where v.amount <> 0 group by 1),
    moved as (
      update ledger_accounts a set balance = a.balance + s.amount from s where a.id = s.id and (select count(*) from (select 1 from ledger_accounts l where l.id in (select id from s)
        order by l.id for update of l) f) >= 0
      returning a.id, a.balance
    )
    insert into ledger_entries (transfer_id, account_id, amount, balance_after)
    select $13, s.id, s.amount, moved.balance from s join moved on moved.id = s.id
    returning account_id, balance_after`;

/** The invoice number, the customer's notice and SMS, the live event and the order marked paid: one statement. */
const MARK_PAID = `with doc as (
  insert into document_counters (series, last) values ($1, 1)
  on conflict (series) do update set last = document_counters.last + 1
  returning $2 || lpad(last::text, greatest(6, length(last::text)), '0') as number), notified as (
      insert into "notifications" (user_id, kind, title, body, link)
      select $3::int, $4::text, $5::text, $6::text || doc.number || $7::text, $8::text from doc
    ),
    texted as (
      insert into "notification_outbox" (channel, recipient, template, body, payload)
      select 'sms', $9::text, $10::text, $11::text || $12::text || doc.number || $13::text, $14::jsonb from doc
    ), live_locked as (select pg_advisory_xact_lock($15::bigint) as locked from doc),
    live_made as (
      insert into "live_events" (kind, tags, user_ids, roles, payload)
      select $16, $17::text[], $18::int[],
        $19::text[],
        $20::jsonb
      from live_locked
      returning id, pg_notify($21, id::text))
      update orders set status = $22, status_update_date = $23::timestamptz,
        transfer_id = $24, invoice_no = doc.number, invoice_date = $25::timestamptz
      from doc where orders.id = $26
      returning orders.invoice_no as "invoiceNo"`;

const SHARDS = 16;
const LIVE_LOCK = 1_015_000_015;
const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
/** a × b / c, rounded half up (server/money.ts). */
const mulDivHalfUp = (a: number, b: number, c: number) => Math.floor((a * b * 2 + c) / (c * 2));

/** The invoice series and number prefix of a date: `INV/2026-27` and `INV/2627/` (India's year starts in April). */
function invoiceSeries(at: Date): [string, string] {
  const ist = new Date(at.getTime() + IST_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  const fy = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  return [`INV/${fy}`, `INV/${fy.slice(2, 4)}${fy.slice(5, 7)}/`];
}

interface CartLine {
  serviceId: number;
  quantity: number;
  slotStart: Date;
  packageId: number | null;
  heading: string;
  categoryId: number;
  sacCode: string;
  pricePaise: number;
  discountPercent: number;
  gstPercent: number;
}

/**
 * Placing the signed-in customer's cart, paid from the wallet (Order/OrderPlacedNew?ApiName=Wallet), as the server
 * sends it: the session when its cache has none, then in one transaction the cart locked with the key looked up, the
 * address, the cart's lines, the categories served at the pincode, the wallet, the services served in the zone, an
 * active subscription, the order written (lines, transitions, cart emptied), the transfer opened, dispatch's audience,
 * the balances, and the invoice with the notice, the SMS and the live event. The quote's arithmetic (discount, GST
 * halves) is done here as the server does it; its checks (slot windows, availability) are not repeated, since the
 * bench's carts pass them. Answers whether an order was placed.
 */
export function placing(pool: pg.Pool, accounts: Record<string, number>, session = sessions(pool)) {
  return async (token: string, key: string): Promise<boolean> => {
    const customer = await session(token);
    const client = await pool.connect();
    try {
      await client.query('begin');
      const [existing] = (await send(client, LOCK_CART, [customer.id, customer.id, key])).rows;
      if (existing?.id) throw new Error(`key ${key} was used before`);
      const [address] = (await send(client, DEFAULT_ADDRESS, [customer.id])).rows;
      const cart = (await send<CartLine>(client, CART_LINES, [customer.id])).rows;
      if (cart.length === 0) throw new Error('the cart is empty');
      const categories = [...new Set(cart.map((l) => l.categoryId))];
      const [served] = (await send(client, servedCategories(categories.length), [address.pin_code, ...categories]))
        .rows;
      const [wallet] = (await send(client, WALLET, ['customer_wallet', customer.id])).rows;
      const zoneId: number = served.zoneId;
      await send(client, servedServices(cart.length), [...cart.map((l) => l.serviceId), zoneId]);
      const now = new Date();
      await send(client, SUBSCRIPTION, [customer.id, now, now]);

      const lines = cart.map((l) => {
        const gross = l.pricePaise * l.quantity;
        const taxable = mulDivHalfUp(gross, 100 - l.discountPercent, 100);
        const gst = mulDivHalfUp(taxable, l.gstPercent, 100);
        const cgst = Math.ceil(gst / 2);
        return { ...l, taxable, discount: gross - taxable, gst, cgst, sgst: gst - cgst };
      });
      const taxable = lines.reduce((a, l) => a + l.taxable, 0);
      const gst = lines.reduce((a, l) => a + l.gst, 0);
      const total = taxable + gst;
      if (Number(wallet.balance) < total) throw new Error('the wallet holds less than the order');
      const [order] = (
        await send(client, placedOrder(lines.length), [
          customer.id,
          'awaiting payment',
          now,
          'normal',
          'Wallet',
          address.id,
          customer.fullName,
          address.address,
          address.city,
          address.state,
          address.state_id,
          address.pin_code,
          'India',
          address.receiver_name,
          address.receiver_mobile_no,
          true, // the bench's addresses are in the company's state
          taxable,
          gst,
          0,
          total,
          total,
          0,
          null,
          null,
          0,
          key,
          hashOf(key),
          now,
          ...lines.flatMap((l) => [
            customer.id,
            l.serviceId,
            l.categoryId,
            l.heading,
            l.sacCode,
            l.quantity,
            l.pricePaise,
            l.discountPercent,
            l.discount,
            null,
            0,
            l.packageId,
            l.taxable,
            l.gstPercent,
            l.cgst,
            l.sgst,
            0,
            l.taxable + l.gst,
            l.slotStart,
            zoneId,
            String(randomInt(10_000)).padStart(4, '0'),
            'unassigned',
            now,
            now,
          ]),
          ...TRANSITIONS.flat(),
          'OrderLine',
          customer.id,
          customer.id,
        ])
      ).rows;
      const placed: { id: number; serviceId: number; zoneId: number; slotStart: string }[] = order.placed_lines;
      const [{ transfer_id: transferId }] = (
        await send(client, OPEN_TRANSFER, [
          'order_payment',
          `Order ${order.id}`,
          `Payment for order ${order.id}`,
          customer.id,
          null,
          null,
          null,
          null,
          wallet.id,
        ])
      ).rows;
      const suggested = (
        await send(
          client,
          audience(placed.length),
          placed.flatMap((l, i) => {
            const slot = new Date(l.slotStart).getTime();
            const dayStart = Math.floor((slot + IST_MS) / DAY_MS) * DAY_MS - IST_MS;
            const day = [new Date(dayStart), new Date(dayStart + DAY_MS)];
            return [i, l.id, l.serviceId, l.zoneId, new Date(slot), 0, ...day, 4, 200];
          }),
        )
      ).rows;
      const revenue = accounts.revenue;
      const cgstPayable = accounts.cgst_payable;
      const sgstPayable = accounts.sgst_payable;
      const cgst = lines.reduce((a, l) => a + l.cgst, 0);
      await send(client, MOVE_BALANCES, [
        revenue,
        taxable,
        cgstPayable,
        cgst,
        sgstPayable,
        gst - cgst,
        wallet.id,
        -total,
        [revenue, cgstPayable, sgstPayable],
        SHARDS,
        SHARDS,
        SHARDS,
        transferId,
      ]);
      const [series, prefix] = invoiceSeries(now);
      const told = `Your order of ${inr.format(total / 100)} is placed and paid. Tax invoice `;
      const link = `/PayProcessInvoice?OrderId=${order.id}`;
      await send(client, MARK_PAID, [
        series,
        prefix,
        customer.id,
        'order_placed',
        `Order ${order.id} placed`,
        told,
        '.',
        link,
        customer.mobileNo,
        'order_placed',
        `Order ${order.id} placed: `,
        told,
        '.',
        JSON.stringify({ link }),
        LIVE_LOCK,
        'line_unassigned',
        ['Dispatch', 'ProfessionalJobs'],
        [...new Set(suggested.map((r) => r.user_id as number))],
        ['A', 'CD'],
        JSON.stringify({ lineIds: placed.map((l) => l.id) }),
        'live_events',
        'order created',
        now,
        transferId,
        now,
        order.id,
      ]);
      await client.query('commit');
      return true;
    } catch (e) {
      await client.query('rollback');
      throw e;
    } finally {
      client.release();
    }
  };
}

// ---------------------------------------------------------------------------------------------------- transfers

/** The first part of an admin's move, up to the balances (decision 038: one statement finds the owner and moves). */
const moveHead = (credit: boolean) => `
      with owner as (
        select u.id as user_id, u.full_name, u.mobile_no, a.id as wallet_id
        from users u join ledger_accounts a on a.kind = $1 and a.owner_user_id = u.id
        where u.role = $2 and u.mobile_no = $3
      ), t as (insert into ledger_transfers
    (kind, reference, remark, actor_id, idempotency_key, request_hash, provider_payment_id, corrects_transfer_id)
  select $4::text, $5::text, $6::text, $7::int,
    $8::text, $9::text, $10::text,
    $11::bigint where exists (select 1 from owner)
  on conflict (idempotency_key) do nothing returning id),
      v(id, amount) as (values ((select wallet_id from owner), $12::bigint), ($13::int, $14::bigint)),
      locked as (
        select a.id, a.balance + v.amount as after, a.allow_negative, ${credit ? "coalesce((select sum(i.amount) from payment_intents i where i.account_id = a.id and i.state in ('created', 'awaitingPayment')), 0)" : '0'} as reserved
        from ledger_accounts a join v on v.id = a.id
        where a.id = any(array[(select wallet_id from owner)]) and exists (select 1 from t)
        order by a.id for update of a
      ),
      refused as (
        select ledger_refuse(case when l.after < 0 and not l.allow_negative then 'insufficient' else 'limit' end, l.id)
        from locked l where (l.after < 0 and not l.allow_negative) or ${credit ? '(l.id = (select wallet_id from owner) and l.after + l.reserved > $15)' : 'false'}
      ),
      s as (select case when v.id = any($${credit ? 16 : 15}::int[]) and pg_backend_pid() % $${credit ? 17 : 16} > 0
        then v.id * $${credit ? 18 : 17} + pg_backend_pid() % $${credit ? 19 : 18} else v.id end as id, sum(v.amount)::bigint as amount from v group by 1),
      moved as (
        update ledger_accounts a set balance = a.balance + s.amount from s
        where a.id = s.id and exists (select 1 from t) and (select count(*) from refused) = 0
        returning a.id, a.balance
      ),
      e as (
        insert into ledger_entries (transfer_id, account_id, amount, balance_after)
        select (select id from t), s.id, s.amount, moved.balance from s join moved on moved.id = s.id
        returning account_id, balance_after
      )`;

const BALANCE_TEXT = "'₹' || to_char(e.balance_after / 100.0, 'FM9,99,99,99,99,99,990.00')";
/** A credit also tells the customer (notice and SMS) in the same statement; a debit does not. */
const CREDIT = `${moveHead(true)},
      notified as (
      insert into "notifications" (user_id, kind, title, body, link)
      select (select user_id from owner)::int, $20::text, $21::text, $22::text || ${BALANCE_TEXT} || $23::text, $24::text from e where e.account_id = (select wallet_id from owner)
    ),
    texted as (
      insert into "notification_outbox" (channel, recipient, template, body, payload)
      select 'sms', (select mobile_no from owner)::text, $25::text, $26::text || $27::text || ${BALANCE_TEXT} || $28::text, $29::jsonb from e where e.account_id = (select wallet_id from owner)
    )
      select (select id from t) as transfer_id, e.account_id, e.balance_after, o.wallet_id, o.user_id, o.full_name, o.mobile_no
      from (select 1) one left join e on true left join owner o on true`;
const DEBIT = `${moveHead(false)}
      select (select id from t) as transfer_id, e.account_id, e.balance_after, o.wallet_id, o.user_id, o.full_name, o.mobile_no
      from (select 1) one left join e on true left join owner o on true`;

/**
 * An admin's ₹1 credit or debit of a customer's wallet (UpdateCustomerWalletBalance), as the server sends it: the
 * admin's session when its cache has none, and one statement that finds the wallet by mobile number, records the
 * transfer, moves the wallet and this connection's shard of the adjustments account and, for a credit, tells the
 * customer. No transaction: one statement is one. Answers whether money moved.
 */
export function transfers(pool: pg.Pool, accounts: Record<string, number>, maxWalletPaise: number) {
  const session = sessions(pool);
  const adjustments = accounts.adjustments;
  return async (token: string, o: { mobileNo: string; action: 'Credit' | 'Debit'; key: string; remark: string }) => {
    const admin = await session(token);
    const credit = o.action === 'Credit';
    const amount = credit ? 100 : -100;
    const head = [
      'customer_wallet',
      'Cust',
      o.mobileNo,
      credit ? 'admin_credit' : 'admin_debit',
      null,
      o.remark,
      admin.id,
      o.key,
      hashOf(o.key),
      null,
      null,
      amount,
      adjustments,
      -amount,
    ];
    const shards = [[adjustments], SHARDS, SHARDS, SHARDS];
    const said = `₹1.00 was added to your wallet (${o.remark}). Balance: `;
    const link = '/MyAccounts?tab=wallet';
    const [row] = (
      credit
        ? await send(pool, CREDIT, [
            ...head,
            maxWalletPaise,
            ...shards,
            'wallet_credited',
            'Wallet credited',
            said,
            '.',
            link,
            'wallet_credited',
            'Wallet credited: ',
            said,
            '.',
            JSON.stringify({ link }),
          ])
        : await send(pool, DEBIT, [...head, ...shards])
    ).rows;
    return row?.transfer_id != null && row.account_id != null;
  };
}
