import { done, type Handlers, HttpError, notFound, ok } from '../http';

/** The admin page's calls (decision 065): what the job runner holds, and Retry for a failed job. */
export const jobHandlers: Handlers = {
  async getJobs(req) {
    const jobs = req.server.jobs;
    if (!jobs) return ok({ running: false, counts: [], items: [] });
    const [counts, items] = await Promise.all([
      jobs.counts(),
      jobs.list({ state: req.query.state, queue: req.query.queue, limit: 100 }),
    ]);
    return ok({
      running: true,
      counts,
      items: items.map((j) => ({
        ...j,
        createdOn: j.createdOn.toISOString(),
        startedOn: j.startedOn?.toISOString() ?? null,
        completedOn: j.completedOn?.toISOString() ?? null,
        startAfter: j.startAfter.toISOString(),
      })),
    });
  },

  async retryJob(req) {
    const jobs = req.server.jobs;
    // A 4xx: the request is fine, this process just holds no runner (JOBS=off, or a test that started none).
    if (!jobs) throw new HttpError(409, 'No job runner', 'This server process runs no job runner (JOBS=off).');
    if (!(await jobs.retry(req.params.id))) throw notFound(`A failed job ${req.params.id}`);
    return done('The job will run again.');
  },
};
