import { createFileRoute } from '@tanstack/react-router';
import { GstReturnsPage } from './-components/GstReturnsPage';

// Spelled out here: a route's search check is in every page's first chunk, so it pulls no component in.
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The GST returns of a month, the month in the URL (`?month=2026-12`; none is this month). */
export const Route = createFileRoute('/_finance/Accountant/GstReturns')({
  head: () => ({ meta: [{ title: 'GST returns · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { month?: string } => ({
    month: typeof raw.month === 'string' && MONTH.test(raw.month) ? raw.month : undefined,
  }),
  component: GstReturnsPage,
});
