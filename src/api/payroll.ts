// Payroll (HR and accounts, decision 034): salary structures, deductions, the month's calculation,
// payment exactly once, salary runs with progress, employee expenses, salary slips (JSON and PDF) and the
// accountant's payroll figures. Reads are query-options factories keyed by the operation kit; writes return the
// server's reply and callers refetch with `invalidateAfter(operationId)`.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListParams } from './catalogue';
import { call, client } from './client';
import { keyOf } from './kit';
import { pageQuery } from './listQuery';
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];
export type SalaryStructure = Schemas['SalaryStructure'];
export type SalaryStructureBody = Schemas['SalaryStructureBody'];
export type SalaryStructureRow = Schemas['SalaryStructureRow'];
export type SalaryDeduction = Schemas['SalaryDeduction'];
export type SalaryDeductionBody = Schemas['SalaryDeductionBody'];
export type SalaryDeductionPatch = Schemas['SalaryDeductionPatch'];
export type SalaryDeductionKind = Schemas['SalaryDeductionKind'];
export type SalaryCalculation = Schemas['SalaryCalculation'];
export type SalaryStatus = Schemas['SalaryStatus'];
export type PayrollLine = Schemas['PayrollLine'];
export type SalarySlipSummary = Schemas['SalarySlipSummary'];
export type EmployeeExpense = Schemas['EmployeeExpense'];
export type EmployeeExpenseState = Schemas['EmployeeExpenseState'];
export type PayRun = Schemas['PayRun'];
export type PayrollSummary = Schemas['PayrollSummary'];
export type StructureFilter = NonNullable<
  NonNullable<operations['getSalaryStructure']['parameters']['query']>['withStructure']
>;
export type SalaryStatusFilter = NonNullable<
  NonNullable<operations['getEmployeeDetailsSalary']['parameters']['query']>['status']
>;
export type AddExpenseBody = operations['addEmpExpense']['requestBody']['content']['application/json'];

/** A month for the payroll calls: YYYY-MM. */
export const monthParam = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

// ---------------------------------------------------------------- structures

/** Every employee with the structure in force on `date` (today when omitted). */
export const salaryStructuresQuery = (p: ListParams, filter: { date?: string; withStructure?: StructureFilter } = {}) =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getSalaryStructure', { ...p, ...filter }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Hr/GetSalaryStructure', {
            params: {
              query: {
                ...pageQuery(p),
                date: filter.date,
                withStructure: filter.withStructure,
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** One employee's structures (newest first) and the one in force today. */
export const salaryStructureEmpQuery = (EmpId: number) =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getSalaryStructureEmp', { EmpId }),
    queryFn: async () =>
      (await call(client.GET('/api/Hr/GetSalaryStructureEmp', { params: { query: { EmpId } } }))).data,
    enabled: EmpId > 0,
  });

export const addSalaryStructure = async (EmpId: number, body: SalaryStructureBody) =>
  call(client.POST('/api/Hr/AddSalaryDetailsEmp', { params: { query: { EmpId } }, body }));

export const updateSalaryStructure = async (EmpId: number, id: number, body: SalaryStructureBody) =>
  call(client.PUT('/api/Hr/UpdateSalaryDetailsEmp', { params: { query: { EmpId, id } }, body }));

// ---------------------------------------------------------------- deductions

export const salaryDeductionsQuery = (p: ListParams, EmpId?: number) =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getSalaryDeductions', { ...p, EmpId }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Hr/GetSalaryDeductions', {
            params: {
              query: { EmpId: EmpId || undefined, ...pageQuery(p) },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const addSalaryDeduction = async (EmpId: number, body: SalaryDeductionBody) =>
  call(client.POST('/api/Hr/AddSalaryDeduction', { params: { query: { EmpId } }, body }));

export const updateSalaryDeduction = async (id: number, body: SalaryDeductionPatch) =>
  call(client.PUT('/api/Hr/UpdateSalaryDeduction', { params: { query: { id } }, body }));

// ---------------------------------------------------------------- the month: calculation, list, payment, figures

/** One employee's month, line by line (a paid month answers its slip). `date`: YYYY-MM. */
export const salaryCalculationQuery = (id: number, date: string) =>
  queryOptions({
    queryKey: keyOf('Payroll', 'calculateEmpSalary', { id, date }),
    queryFn: async () =>
      (await call(client.GET('/api/Account/CalculateEmpSalary', { params: { query: { id, date } } }))).data,
    enabled: id > 0 && date !== '',
  });

/** Every employee's month (due, paid, without a structure), one page at a time. */
export const employeeSalariesQuery = (date: string, p: ListParams, status: SalaryStatusFilter = 'all') =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getEmployeeDetailsSalary', { date, ...p, status }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Account/GetEmployeeDetailsSalary', {
            params: { query: { date, status, ...pageQuery(p) } },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
    enabled: date !== '',
  });

/** Pays once: a repeat answers the stored slip with `alreadyPaid`; a short company wallet is a 409 with the shortfall. */
export const payEmployeeSalary = async (id: number, date: string, bankReference: string) =>
  call(client.POST('/api/Account/PayEmpSalary', { params: { query: { id, date } }, body: { bankReference } }));

// ---------------------------------------------------------------- statutory dues (decision 056)

export type StatutoryScheme = Schemas['StatutoryScheme'];
export type StatutoryMonthDues = Schemas['StatutoryMonthDues'];
export type StatutoryPayment = Schemas['StatutoryPayment'];
export type PayStatutoryDuesBody = operations['payStatutoryDues']['requestBody']['content']['application/json'];

/** What the salaries paid owe EPF, ESI and PT per month, and the payments to the authorities. */
export const statutoryDuesQuery = () =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getStatutoryDues', {}),
    queryFn: async () => (await call(client.GET('/api/Account/GetStatutoryDues'))).data,
  });

/** Pays a scheme's month to its authority, once per key (one key per opened form). */
export const payStatutoryDues = async (body: PayStatutoryDuesBody, key: string) =>
  call(client.POST('/api/Account/PayStatutoryDues', { params: { header: { 'Idempotency-Key': key } }, body }));

/** The accountant's dashboard figures for a month (the last full month when omitted). */
export const payrollSummaryQuery = (date?: string) =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getPayrollSummary', { date }),
    queryFn: async () =>
      (await call(client.GET('/api/Account/GetPayrollSummary', { params: { query: { date } } }))).data,
  });

// ---------------------------------------------------------------- slips

export const salarySlipQuery = (id: number, date: string) =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getEmpSalarySlip', { id, date }),
    queryFn: async () =>
      (await call(client.GET('/api/Account/GetEmpSalarySlip', { params: { query: { id, date } } }))).data,
    enabled: id > 0 && date !== '',
  });

/** Paid slips, newest month first: a professional's own (EmpId omitted), or staff's view of everyone's. */
export const salarySlipsQuery = (p: ListParams, filter: { EmpId?: number; date?: string } = {}) =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getSalarySlips', { ...p, ...filter }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Account/GetSalarySlips', {
            params: {
              query: {
                EmpId: filter.EmpId || undefined,
                date: filter.date || undefined,
                ...pageQuery(p),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** The slip as a PDF made on the server. */
export async function salarySlipPdf(id: number, date: string): Promise<Blob> {
  const res = await client.GET('/api/Account/GetEmpSalarySlipPdf', {
    params: { query: { id, date } },
    parseAs: 'blob',
  });
  if (res.error || !res.data) throw new Error('The salary slip could not be fetched.');
  return res.data as unknown as Blob;
}

// ---------------------------------------------------------------- salary runs

export const startPayRun = async (date: string, bankReferencePrefix: string) =>
  call(client.POST('/api/Account/StartPayRun', { body: { date, bankReferencePrefix } }));

export const resumePayRun = async (id: number) =>
  call(client.POST('/api/Account/ResumePayRun', { params: { query: { id } } }));

/** A run's progress; poll it (refetchInterval) while it is running. */
export const payRunQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getPayRun', { id }),
    queryFn: async () => (await call(client.GET('/api/Account/GetPayRun', { params: { query: { id } } }))).data,
    enabled: id > 0,
  });

export const payRunsQuery = (p: Pick<ListParams, 'page' | 'pageSize'>) =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getPayRuns', { page: p.page, pageSize: p.pageSize }),
    queryFn: async () =>
      (await call(client.GET('/api/Account/GetPayRuns', { params: { query: { page: p.page, pageSize: p.pageSize } } })))
        .data,
    placeholderData: keepPreviousData,
  });

// ---------------------------------------------------------------- expenses

export const addEmployeeExpense = async (body: AddExpenseBody) => call(client.POST('/api/Hr/AddEmpExpense', { body }));

export const employeeExpensesQuery = (p: ListParams, filter: { EmpId?: number; state?: EmployeeExpenseState } = {}) =>
  queryOptions({
    queryKey: keyOf('Payroll', 'getEmpExpenses', { ...p, ...filter }),
    queryFn: async () =>
      (
        await call(
          client.GET('/api/Hr/GetEmpExpenses', {
            params: {
              query: {
                EmpId: filter.EmpId || undefined,
                state: filter.state,
                ...pageQuery(p),
              },
            },
          }),
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const decideEmployeeExpense = async (id: number, approve: boolean, remark?: string) =>
  call(client.PUT('/api/Account/DecideEmpExpense', { params: { query: { id } }, body: { approve, remark } }));

export const payEmployeeExpense = async (id: number, bankReference: string) =>
  call(client.POST('/api/Account/PayEmpExpense', { params: { query: { id } }, body: { bankReference } }));

/** The receipt file (never a public URL). */
export async function employeeExpenseReceipt(id: number): Promise<Blob> {
  const res = await client.GET('/api/Hr/GetEmpExpenseReceipt', { params: { query: { id } }, parseAs: 'blob' });
  if (res.error || !res.data) throw new Error('The receipt could not be fetched.');
  return res.data as unknown as Blob;
}
