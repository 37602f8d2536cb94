import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { RecruitmentState } from '../../../src/machines/recruitment/recruitment.machine';
import { users } from './accounts';
import { bigintNumber, createdAt, instant, requiredRef, updatedAt } from './columns';

/** The recruitment machine's states, as stored. */
export type { RecruitmentState };

export type Designation = 'Technician' | 'Engineer';
export type OffOnRole = 'OnRoll' | 'OffRoll';
export type VerificationStatus = 'Pending' | 'Verified' | 'Rejected';

/**
 * A candidate (decision 032). `state` is the recruitment machine's state and the only truth about the
 * pipeline: isScreened, isInterview, isFinalised and isAppointed are derived from it. The CV is a private file
 * (served only to HR and the admin by Hr/GetCandidateFile). An open candidate (not rejected, not appointed) holds
 * their phone and e-mail: the partial unique indexes refuse a second open candidate with either.
 */
export const candidates = pgTable(
  'candidates',
  {
    id: serial('id').primaryKey(),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    middleName: varchar('middle_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 10 }).notNull(),
    email: varchar('email', { length: 200 }),
    address: text('address').notNull(),
    pincode: varchar('pincode', { length: 6 }).notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    designationType: varchar('designation_type', { length: 16 }).$type<Designation>().notNull(),
    offOnRole: varchar('off_on_role', { length: 8 }).$type<OffOnRole>().notNull(),
    /** Total experience in whole years. */
    totalExp: smallint('total_exp').notNull().default(0),
    cvFileName: text('cv_file_name'),
    cvFileUrl: text('cv_file_url'),
    state: varchar('state', { length: 16 }).$type<RecruitmentState>().notNull().default('new'),
    /** The latest revised salary and joining date set at a step (every step's are kept in candidate_steps). */
    revisedSalaryPaise: bigintNumber('revised_salary_paise'),
    revisedJoinDate: date('revised_join_date', { mode: 'string' }),
    /** The professional made at appointment. */
    professionalUserId: integer('professional_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the lists' search box matches, lower-cased: the name with and without the middle name, the e-mail and
     * the phone, one per line (a search term has no line break, so it never matches across two). A trigram index
     * serves `like '%term%'` on it (decision 032).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || chr(10) || first_name || ' ' || coalesce(middle_name || ' ', '') || last_name || chr(10) || coalesce(email, '') || chr(10) || phone)`,
    ),
  },
  (t) => [
    index('candidates_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('candidates_state_created_idx').on(t.state, t.createdAt, t.id),
    index('candidates_state_name_idx').on(t.state, t.firstName, t.lastName, t.id),
    index('candidates_created_idx').on(t.createdAt, t.id),
    index('candidates_name_idx').on(t.firstName, t.lastName, t.id),
    index('candidates_phone_idx').on(t.phone),
    uniqueIndex('candidates_open_phone_uq')
      .on(t.phone)
      .where(sql`state in ('new', 'screened', 'interview', 'finalised', 'sentForApproval', 'approved')`),
    uniqueIndex('candidates_open_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`state in ('new', 'screened', 'interview', 'finalised', 'sentForApproval', 'approved')`),
    uniqueIndex('candidates_professional_uq').on(t.professionalUserId),
    check(
      'candidates_state_ck',
      sql`${t.state} in ('new', 'screened', 'interview', 'finalised', 'sentForApproval', 'approved', 'appointed', 'rejected', 'adminRejected')`,
    ),
    check('candidates_designation_ck', sql`${t.designationType} in ('Technician', 'Engineer')`),
    check('candidates_role_ck', sql`${t.offOnRole} in ('OnRoll', 'OffRoll')`),
    check('candidates_exp_ck', sql`${t.totalExp} between 0 and 60`),
    check('candidates_phone_ck', sql`${t.phone} ~ '^[6-9][0-9]{9}$'`),
    check('candidates_pincode_ck', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    check('candidates_salary_ck', sql`${t.revisedSalaryPaise} is null or ${t.revisedSalaryPaise} >= 0`),
  ],
);

/**
 * Candidate documents (decision 032): one row per candidate. Files are private (under the uploads' private sibling);
 * Aadhaar is stored whole (appointment carries it into the professional) and answered whole only to HR and the admin.
 */
export const candidateDocuments = pgTable(
  'candidate_documents',
  {
    candidateId: integer('candidate_id')
      .primaryKey()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    educationFileName: text('education_file_name'),
    educationFileUrl: text('education_file_url'),
    aadharFileName: text('aadhar_file_name'),
    aadharFileUrl: text('aadhar_file_url'),
    panFileName: text('pan_file_name'),
    panFileUrl: text('pan_file_url'),
    profileImageFileName: text('profile_image_file_name'),
    profileImageFileUrl: text('profile_image_file_url'),
    prevOrgFileName: text('prev_org_file_name'),
    prevOrgFileUrl: text('prev_org_file_url'),
    aadharNumber: varchar('aadhar_number', { length: 12 }),
    panNumber: varchar('pan_number', { length: 10 }),
    expectedSalPaise: bigintNumber('expected_sal_paise'),
    offeredSalPaise: bigintNumber('offered_sal_paise'),
    previousSalPaise: bigintNumber('previous_sal_paise'),
    expectedJoinDate: date('expected_join_date', { mode: 'string' }),
    verificationSts: varchar('verification_sts', { length: 10 })
      .$type<VerificationStatus>()
      .notNull()
      .default('Pending'),
    bankAccNo: varchar('bank_acc_no', { length: 18 }),
    bankIfsc: varchar('bank_ifsc', { length: 11 }),
    pfAccNo: varchar('pf_acc_no', { length: 22 }),
    uanNo: varchar('uan_no', { length: 12 }),
    esiNo: varchar('esi_no', { length: 17 }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('candidate_documents_verification_idx').on(t.verificationSts),
    check('candidate_documents_verification_ck', sql`${t.verificationSts} in ('Pending', 'Verified', 'Rejected')`),
    check('candidate_documents_pan_ck', sql`${t.panNumber} is null or ${t.panNumber} ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'`),
    check('candidate_documents_aadhar_ck', sql`${t.aadharNumber} is null or ${t.aadharNumber} ~ '^[2-9][0-9]{11}$'`),
    check('candidate_documents_ifsc_ck', sql`${t.bankIfsc} is null or ${t.bankIfsc} ~ '^[A-Z]{4}0[A-Z0-9]{6}$'`),
    check('candidate_documents_uan_ck', sql`${t.uanNo} is null or ${t.uanNo} ~ '^[0-9]{12}$'`),
    check(
      'candidate_documents_salary_ck',
      sql`coalesce(${t.expectedSalPaise}, 0) >= 0 and coalesce(${t.offeredSalPaise}, 0) >= 0 and coalesce(${t.previousSalPaise}, 0) >= 0`,
    ),
  ],
);

/**
 * Every step of every candidate (decision 032): who, when, from, to, the event, the remark and the revised salary and
 * joining date set at that step. The adding is a step too (from null to 'new'). Written in the same transaction as
 * the state (server/workflow/apply.ts also writes the product-wide transition log). The recruitment log and the
 * funnel are derived from these rows.
 */
export const candidateSteps = pgTable(
  'candidate_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    candidateId: requiredRef('candidate_id', () => candidates.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromState: varchar('from_state', { length: 16 }).$type<RecruitmentState>(),
    toState: varchar('to_state', { length: 16 }).$type<RecruitmentState>().notNull(),
    event: varchar('event', { length: 24 }).notNull(),
    remark: text('remark'),
    revSalaryPaise: bigintNumber('rev_salary_paise'),
    revJoinDate: date('rev_join_date', { mode: 'string' }),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [
    index('candidate_steps_candidate_idx').on(t.candidateId, t.id),
    index('candidate_steps_at_idx').on(t.at),
    index('candidate_steps_actor_at_idx').on(t.actorId, t.at),
    check('candidate_steps_salary_ck', sql`${t.revSalaryPaise} is null or ${t.revSalaryPaise} >= 0`),
  ],
);

/**
 * The bank and statutory numbers carried from the candidate's documents into the professional at appointment
 * (payroll pays to this account); one row per professional.
 */
export const professionalBankDetails = pgTable(
  'professional_bank_details',
  {
    professionalUserId: integer('professional_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    candidateId: integer('candidate_id').references(() => candidates.id, { onDelete: 'set null' }),
    bankAccNo: varchar('bank_acc_no', { length: 18 }),
    bankIfsc: varchar('bank_ifsc', { length: 11 }),
    pfAccNo: varchar('pf_acc_no', { length: 22 }),
    uanNo: varchar('uan_no', { length: 12 }),
    esiNo: varchar('esi_no', { length: 17 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('professional_bank_details_ifsc_ck', sql`${t.bankIfsc} is null or ${t.bankIfsc} ~ '^[A-Z]{4}0[A-Z0-9]{6}$'`),
  ],
);
