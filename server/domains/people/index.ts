/**
 * The people domain's door: recruitment, attendance and payroll.
 * Other domains, the handler table and the seeds import only this file (docs/architecture.md).
 * It may use the doors of platform, catalogue, money, marketing; never a domain listed after it.
 */
import type { Handlers } from '../../http';
import { attendanceHandlers } from './attendance/routes';
import { payrollHandlers } from './payroll/routes';
import { recruitmentHandlers } from './recruitment/routes';

export * as attendance from './attendance/service';
export { indiaDay } from './attendance/service';
export * as payroll from './payroll/service';
export { indiaToday } from './recruitment/rules';
export * as recruitment from './recruitment/service';

/** Every operation of the people domain, by operationId. */
export const handlers: Handlers = {
  ...attendanceHandlers,
  ...payrollHandlers,
  ...recruitmentHandlers,
};
