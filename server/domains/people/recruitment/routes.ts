import { currentUser, done, type Handlers, ok, uploadedFile } from '../../../http';
import { type Paise, paise, toPaise } from '../../../money';
import { toCsv } from '../../../shared/csv';
import * as recruitment from './service';

// Recruitment (decision 032): candidates, documents, the pipeline machine, the log, the funnel and the report.
// Money crosses the HTTP boundary here only: requests speak rupees, the service paise.
const paiseOrNull = (rupees: number | null | undefined, field: string): Paise | null | undefined =>
  rupees === undefined || rupees === null ? rupees : toPaise(rupees, field);

/** A documents request with its salaries in paise. */
const docsIn = <B extends { expectedSal?: number | null; offeredSal?: number | null; previousSal?: number | null }>(
  b: B,
) => ({
  ...b,
  expectedSal: paiseOrNull(b.expectedSal, 'expectedSal'),
  offeredSal: paiseOrNull(b.offeredSal, 'offeredSal'),
  previousSal: paiseOrNull(b.previousSal, 'previousSal'),
});

export const recruitmentHandlers: Handlers = {
  async addCandidates(req, reply) {
    const data = await recruitment.add(req.server.db, req.server.storage, currentUser(req), req.body);
    reply.code(201);
    return ok(data, `${data.fullName} was added as a candidate.`);
  },

  async importCandidates(req, reply) {
    const data = await recruitment.importRows(req.server.db, currentUser(req), req.body);
    reply.code(201);
    return ok(data, `${data.imported} candidate${data.imported === 1 ? '' : 's'} imported.`);
  },

  async getCandidatesAllOrById(req) {
    return ok(await recruitment.list(req.server.db, currentUser(req), req.query));
  },

  async getCandidatesByAction(req) {
    const { Action, ...q } = req.query;
    return ok(await recruitment.byAction(req.server.db, currentUser(req), Action, q));
  },

  async getCandidateDetail(req) {
    return ok(await recruitment.detail(req.server.db, req.query.id, currentUser(req)));
  },

  async getCandidateHistory(req) {
    return ok(await recruitment.history(req.server.db, req.query.id));
  },

  async deleteCandidates(req) {
    await recruitment.remove(req.server.db, req.server.storage, req.query.id);
    return done(`Candidate ${req.query.id} was deleted.`);
  },

  async addCandidateDocs(req, reply) {
    const data = await recruitment.saveDocs(
      req.server.db,
      req.server.storage,
      currentUser(req),
      docsIn(req.body),
      'add',
    );
    reply.code(201);
    return ok(data, `The documents of ${data.candidateName} were added.`);
  },

  async updateCandidateDocs(req) {
    const data = await recruitment.saveDocs(
      req.server.db,
      req.server.storage,
      currentUser(req),
      docsIn(req.body),
      'update',
    );
    return ok(data, `The documents of ${data.candidateName} were updated.`);
  },

  async getCandidateDocs(req) {
    return ok(await recruitment.docs(req.server.db, req.query.id));
  },

  async getCandidateFile(req, reply) {
    const f = await recruitment.fileOf(req.server.db, req.server.storage, req.query.id, req.query.kind);
    return uploadedFile(reply, f);
  },

  async recruitmentProcess(req) {
    const q = req.query;
    const data = await recruitment.process(req.server.db, currentUser(req), {
      id: q.id,
      action: q.Action,
      accFlag: q.AccFlag ?? 1,
      rejectRemark: q.RejectRemark ?? '',
      revSalaryPaise: q.RevSal ? toPaise(q.RevSal, 'RevSal') : paise(0),
      revJoinDate: q.RevJoDate ?? '',
    });
    return ok(data, `${data.fullName}: ${data.stateLabel.toLowerCase()}.`);
  },

  async sendCandidateForApproval(req) {
    const data = await recruitment.sendForApproval(
      req.server.db,
      currentUser(req),
      req.query.id,
      req.query.Remark ?? '',
    );
    return ok(data, `${data.fullName} was sent to the admin for approval.`);
  },

  async approveRejectCandidate(req) {
    const q = req.query;
    const data = await recruitment.decide(req.server.db, currentUser(req), q.id, q.AccFlag, q.RejectRemark ?? '');
    return ok(data, `${data.fullName} was ${q.AccFlag === 1 ? 'approved' : 'rejected'}.`);
  },

  async addIntoRecruitmentLog(req) {
    return ok(
      await recruitment.todayLog(req.server.db, currentUser(req)),
      "Today's log, counted from the steps you took.",
    );
  },

  async getRecruitmentLog(req) {
    return ok(await recruitment.log(req.server.db, req.query));
  },

  async getRecruitmentFunnel(req) {
    return ok(await recruitment.funnel(req.server.db, req.query));
  },

  async getMonthWiseRecruitment(req, reply) {
    const q = req.query;
    const data = await recruitment.report(req.server.db, { year: q.Year, designationType: q.designationType });
    const name = `recruitment-${data.year}${q.designationType ? `-${q.designationType.toLowerCase()}` : ''}`;
    if (q.format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(toCsv(data.rows, [...recruitment.REPORT_COLUMNS]));
    }
    if (q.format === 'xlsx') {
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${name}.xlsx"`)
        .header('Cache-Control', 'private, no-store')
        .send(await recruitment.reportWorkbook(data));
    }
    return ok(data);
  },
};
