// The words and tones of payroll states, one place for every screen.
import type { BadgeTone } from '../../../ui';
import type { EmployeeExpenseState, PayRun, SalaryStatus } from './types';

export const SALARY_STATUS_LABEL: Record<SalaryStatus, string> = {
  due: 'Due',
  paid: 'Paid',
  noStructure: 'No salary structure',
};
export const SALARY_STATUS_TONE: Record<SalaryStatus, BadgeTone> = {
  due: 'warning',
  paid: 'success',
  noStructure: 'neutral',
};

export const EXPENSE_STATE_LABEL: Record<EmployeeExpenseState, string> = {
  pending: 'Waiting for the accountant',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
};
export const EXPENSE_STATE_TONE: Record<EmployeeExpenseState, BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  rejected: 'danger',
  paid: 'success',
};

/** 'Running', 'Paused' or 'Finished': a run is paused when it is not active while still running. */
export function runStateLabel(r: Pick<PayRun, 'state' | 'active'>): { label: string; tone: BadgeTone } {
  if (r.state === 'done') return { label: 'Finished', tone: 'success' };
  return r.active ? { label: 'Running', tone: 'info' } : { label: 'Paused', tone: 'danger' };
}
