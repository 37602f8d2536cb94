// The payroll shapes the screens draw, from the contract (openapi.yaml, section Payroll), through the payroll client.
export type {
  EmployeeExpense,
  EmployeeExpenseState,
  PayRun,
  PayrollLine,
  PayrollSummary,
  SalaryCalculation,
  SalaryDeduction,
  SalarySlipSummary,
  SalaryStatus,
  SalaryStructure,
  SalaryStructureRow,
} from '../../../api/payroll';
