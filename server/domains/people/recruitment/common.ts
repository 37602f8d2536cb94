import { type FieldError, HttpError } from '../../../http';
import { type Paise, toRupees } from '../../../money';
import type { Storage } from '../../../plugins/storage';
import { proofStorage } from '../../../shared/proofs';

// What the recruitment use cases share: the log's entity, the candidates' files, reply helpers.

/** The transition log's entity name. */
export const ENTITY = 'Candidate';
export const FILE_FOLDER = 'candidate-files';

export const invalid = (errors: FieldError[]) =>
  new HttpError(400, 'Invalid request', errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);

export const files = (uploads: Storage) => proofStorage(uploads);

export const iso = (d: Date | string | null) =>
  d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
export const rupeesOrNull = (p: number | null) => (p === null ? null : toRupees(p as Paise));
