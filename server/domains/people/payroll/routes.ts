import { currentUser, type Handlers, idempotencyOf, ok, privateDownload, uploadedFile } from '../../../http';
import { QUEUES, runSoon } from '../../../jobs/queue';
import { salarySlipPdf } from './pdf';
import * as payroll from './service';

// Payroll (decision 034): structures, deductions, calculation, payment, runs, expenses and slips. Rupees at this edge.
export const payrollHandlers: Handlers = {
  async getSalaryStructure(req) {
    return ok(await payroll.structureList(req.server.db, req.query));
  },

  async getSalaryStructureEmp(req) {
    return ok(await payroll.structuresOfEmployee(req.server.db, req.query.EmpId));
  },

  async addSalaryDetailsEmp(req, reply) {
    const made = await payroll.addStructure(req.server.db, currentUser(req), req.query.EmpId, req.body);
    reply.code(201);
    return ok(made, `Salary structure from ${made.effectiveFrom} added.`);
  },

  async updateSalaryDetailsEmp(req) {
    const row = await payroll.updateStructure(req.server.db, currentUser(req), req.query.EmpId, req.query.id, req.body);
    return ok(row, `Salary structure from ${row.effectiveFrom} saved.`);
  },

  async getSalaryDeductions(req) {
    return ok(await payroll.deductionList(req.server.db, req.query));
  },

  async addSalaryDeduction(req, reply) {
    const made = await payroll.addDeduction(req.server.db, currentUser(req), req.query.EmpId, req.body);
    reply.code(201);
    return ok(made, `Deduction of ₹${made.amount} a month added for ${made.empName}.`);
  },

  async updateSalaryDeduction(req) {
    const row = await payroll.updateDeduction(req.server.db, currentUser(req), req.query.id, req.body);
    return ok(row, 'Deduction saved.');
  },

  async calculateEmpSalary(req) {
    return ok(await payroll.calculate(req.server.db, req.query.id, req.query.date));
  },

  async getEmployeeDetailsSalary(req) {
    return ok(await payroll.monthList(req.server.db, req.query));
  },

  async payEmpSalary(req) {
    const { id, date } = req.query;
    const data = await payroll.pay(req.server.db, currentUser(req), {
      empId: id,
      date,
      bankReference: req.body.bankReference,
    });
    return ok(
      data,
      data.alreadyPaid
        ? `${data.empName}'s salary for ${data.month}/${data.year} was already paid (reference ${data.bankReference}).`
        : `${data.empName}'s salary for ${data.month}/${data.year} is paid: ₹${data.net.toFixed(2)}.`,
    );
  },

  async getStatutoryDues(req) {
    return ok(await payroll.statutoryDues(req.server.db, req.query));
  },

  async payStatutoryDues(req) {
    const data = await payroll.payStatutoryDues(
      req.server.db,
      currentUser(req),
      req.body,
      idempotencyOf(req, 'payStatutoryDues'),
    );
    const month = `${data.month}/${data.year}`;
    return ok(
      data,
      data.alreadyPaid
        ? `${data.scheme} for ${month} was already paid: ₹${data.amount.toFixed(2)} (reference ${data.reference}).`
        : `${data.scheme} for ${month} is paid: ₹${data.amount.toFixed(2)} (reference ${data.reference}).`,
    );
  },

  async getPayrollSummary(req) {
    return ok(await payroll.summary(req.server.db, req.query.date));
  },

  async getEmpSalarySlip(req) {
    const { monthName, mobileNo, professionalType, ...slip } = await payroll.slip(
      req.server.db,
      currentUser(req),
      req.query.id,
      req.query.date,
    );
    void monthName;
    void mobileNo;
    void professionalType;
    return ok(slip);
  },

  async getEmpSalarySlipPdf(req, reply) {
    const slip = await payroll.slip(req.server.db, currentUser(req), req.query.id, req.query.date);
    const pdf = await salarySlipPdf(slip, req.server.config.company);
    const name = `salary-slip-${slip.empId}-${slip.year}-${String(slip.month).padStart(2, '0')}.pdf`;
    return privateDownload(reply, 'application/pdf', name, pdf);
  },

  async getSalarySlips(req) {
    return ok(await payroll.slipList(req.server.db, currentUser(req), req.query));
  },

  async startPayRun(req, reply) {
    const run = await payroll.startRun(req.server.db, currentUser(req), req.body);
    // At once; the job's schedule (server/jobs/index.ts) carries on after a restart.
    runSoon(req.server, QUEUES.advancePayRuns, () => payroll.advanceRuns(req.server.db));
    reply.code(201);
    return ok(run, `Salary run ${run.id} started for ${run.total} employees.`);
  },

  async getPayRun(req) {
    return ok(await payroll.runOf(req.server.db, req.query.id));
  },

  async getPayRuns(req) {
    return ok(await payroll.runList(req.server.db, req.query));
  },

  async resumePayRun(req) {
    const run = await payroll.resumeRun(req.server.db, req.query.id);
    runSoon(req.server, QUEUES.advancePayRuns, () => payroll.advanceRuns(req.server.db));
    return ok(run, `Salary run ${run.id} resumed.`);
  },

  async addEmpExpense(req, reply) {
    const made = await payroll.addExpense(req.server.db, req.server.storage, currentUser(req), req.body);
    reply.code(201);
    return ok(made, `Expense of ₹${made.amount} recorded for ${made.empName}; it waits for the accountant.`);
  },

  async getEmpExpenses(req) {
    return ok(await payroll.expenseList(req.server.db, req.query));
  },

  async getEmpExpenseReceipt(req, reply) {
    const r = await payroll.receiptOf(req.server.db, req.server.storage, req.query.id);
    return uploadedFile(reply, r);
  },

  async decideEmpExpense(req) {
    const row = await payroll.decideExpense(req.server.db, currentUser(req), req.query.id, req.body);
    return ok(row, `Expense ${row.id} ${row.state}.`);
  },

  async payEmpExpense(req) {
    const row = await payroll.payExpense(req.server.db, currentUser(req), req.query.id, req.body.bankReference);
    return ok(row, `Expense ${row.id} paid: ₹${row.amount}.`);
  },
};
