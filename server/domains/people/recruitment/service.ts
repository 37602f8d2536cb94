// Recruitment (decision 032): candidates, the pipeline machine, documents, appointment, the log, the funnel and the
// report. Each use case has its file; this is the module's public face.

export * from './adding';
export * from './appointment';
export * from './candidates';
export { ENTITY } from './common';
export * from './documents';
export { backdateForSeed, decide, type ProcessInput, process, remove, sendForApproval } from './pipeline';
export * from './reports';
