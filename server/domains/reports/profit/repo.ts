import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rawRows } from '../../../db/rows';

/**
 * Profit per professional (decision 060): set-based sums over one India month [start, end). A line counts in the month
 * its professional completed it (`completed_at`); its tip is the line's share in professional_tips; pay is the month's
 * salary slip (gross and the employer's contributions); parts are the taxable value of the request lines issued to
 * them (a request is issued when it is paid, decision 029); refunds are the taxable value of credit notes on their
 * lines, in the month the note was issued.
 */

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const DONE = sql`('completed', 'rated')`;

export interface Month {
  start: Date;
  end: Date;
  /** The month's first day, 'YYYY-MM-01': a salary slip's period. */
  first: string;
}

const figures = (m: Month, who: (column: SQL) => SQL) => sql`
  lines as (
    select l.professional_user_id as pid, count(*)::int as n, sum(l.taxable_paise) as revenue,
           coalesce(sum(pt.amount_paise), 0) as tips
      from order_lines l left join professional_tips pt on pt.order_line_id = l.id
     where l.completed_at >= ${ts(m.start)} and l.completed_at < ${ts(m.end)} and l.state in ${DONE}
       and l.professional_user_id is not null and ${who(sql`l.professional_user_id`)}
     group by l.professional_user_id
  ), pay as (
    select s.user_id as pid, sum(s.gross_paise + s.employer_paise) as pay
      from salary_slips s
     where s.period = ${m.first}::date and ${who(sql`s.user_id`)}
     group by s.user_id
  ), parts as (
    select rl.professional_user_id as pid, sum(rl.taxable_paise) as parts
      from product_requests r join product_request_lines rl on rl.request_id = r.id
     where r.state = 'issued' and r.paid_at >= ${ts(m.start)} and r.paid_at < ${ts(m.end)}
       and ${who(sql`rl.professional_user_id`)}
     group by rl.professional_user_id
  ), refunds as (
    select l.professional_user_id as pid, count(*)::int as n, sum(cn.taxable_paise) as refunds
      from credit_notes cn join order_lines l on l.id = cn.order_line_id
     where cn.created_at >= ${ts(m.start)} and cn.created_at < ${ts(m.end)}
       and l.professional_user_id is not null and ${who(sql`l.professional_user_id`)}
     group by l.professional_user_id
  ), ids as (
    select pid from lines union select pid from pay union select pid from parts union select pid from refunds
  )`;

const SHAPE = {
  professionalId: 'int',
  name: 'text',
  mobileNo: 'text',
  lines: 'int',
  refundedLines: 'int',
  revenue: 'bigint',
  tips: 'bigint',
  pay: 'bigint',
  parts: 'bigint',
  refunds: 'bigint',
} as const;

/** Every professional with a figure in the month, with the five figures in paise. */
export function byProfessional(exec: Executor, m: Month, professionalId: number | null = null) {
  // Every professional, or the one named.
  const who = (column: SQL) => (professionalId === null ? sql`true` : sql`${column} = ${professionalId}::int`);
  return rawRows(
    exec,
    sql`with ${figures(m, who)}
        select ids.pid as professional_id, u.full_name as name, u.mobile_no,
               coalesce(lines.n, 0) as lines, coalesce(refunds.n, 0) as refunded_lines,
               coalesce(lines.revenue, 0)::text as revenue, coalesce(lines.tips, 0)::text as tips,
               coalesce(pay.pay, 0)::text as pay, coalesce(parts.parts, 0)::text as parts,
               coalesce(refunds.refunds, 0)::text as refunds
          from ids join professionals p on p.user_id = ids.pid join users u on u.id = ids.pid
          left join lines on lines.pid = ids.pid left join pay on pay.pid = ids.pid
          left join parts on parts.pid = ids.pid left join refunds on refunds.pid = ids.pid
         order by u.full_name, ids.pid`,
    SHAPE,
  );
}

/** A professional's lines behind the month's figures: completed in it, or refunded by a credit note issued in it. */
export function linesOf(exec: Executor, m: Month, professionalId: number) {
  return rawRows(
    exec,
    sql`select l.id as line_id, l.order_id, o.invoice_no, l.description, l.state,
               l.completed_at, cn.number as credit_note_no, cn.created_at as credited_at,
               case when l.completed_at >= ${ts(m.start)} and l.completed_at < ${ts(m.end)} and l.state in ${DONE}
                    then l.taxable_paise else 0 end::text as revenue,
               case when l.completed_at >= ${ts(m.start)} and l.completed_at < ${ts(m.end)} and l.state in ${DONE}
                    then coalesce(pt.amount_paise, 0) else 0 end::text as tip,
               case when cn.created_at >= ${ts(m.start)} and cn.created_at < ${ts(m.end)}
                    then cn.taxable_paise else 0 end::text as refund
          from order_lines l
          join orders o on o.id = l.order_id
          left join professional_tips pt on pt.order_line_id = l.id
          left join credit_notes cn on cn.order_line_id = l.id
         where l.professional_user_id = ${professionalId}::int
           and ((l.completed_at >= ${ts(m.start)} and l.completed_at < ${ts(m.end)} and l.state in ${DONE})
             or (cn.created_at >= ${ts(m.start)} and cn.created_at < ${ts(m.end)}))
         order by coalesce(l.completed_at, cn.created_at), l.id`,
    {
      lineId: 'int',
      orderId: 'int',
      invoiceNo: 'text?',
      description: 'text',
      state: 'text',
      completedAt: 'timestamp?',
      creditNoteNo: 'text?',
      creditedAt: 'timestamp?',
      revenue: 'bigint',
      tip: 'bigint',
      refund: 'bigint',
    },
  );
}

/** The parts issued to a professional in the month: each request line, with its request's invoice. */
export function partsOf(exec: Executor, m: Month, professionalId: number) {
  return rawRows(
    exec,
    sql`select r.id as request_id, r.invoice_no, r.paid_at, rl.product_name, rl.quantity, rl.taxable_paise::text as taxable
          from product_request_lines rl join product_requests r on r.id = rl.request_id
         where rl.professional_user_id = ${professionalId}::int and r.state = 'issued'
           and r.paid_at >= ${ts(m.start)} and r.paid_at < ${ts(m.end)}
         order by r.paid_at, rl.id`,
    {
      requestId: 'int',
      invoiceNo: 'text?',
      paidAt: 'timestamp',
      productName: 'text',
      quantity: 'int',
      taxable: 'bigint',
    },
  );
}

/** A professional's salary slip of the month, if paid. */
export async function slipOf(exec: Executor, m: Month, professionalId: number) {
  const [row] = await rawRows(
    exec,
    sql`select s.gross_paise::text as gross, s.employer_paise::text as employer, s.tips_paise::text as tips,
               s.net_paise::text as net, s.paid_at
          from salary_slips s where s.user_id = ${professionalId}::int and s.period = ${m.first}::date`,
    { gross: 'bigint', employer: 'bigint', tips: 'bigint', net: 'bigint', paidAt: 'timestamp' },
  );
  return row ?? null;
}

/** The professional's name, if the user is one. */
export async function professionalOf(exec: Executor, id: number) {
  const [row] = await rawRows(
    exec,
    sql`select u.id, u.full_name as name, u.mobile_no from professionals p join users u on u.id = p.user_id
         where p.user_id = ${id}::int`,
    { id: 'int', name: 'text', mobileNo: 'text' },
  );
  return row ?? null;
}
