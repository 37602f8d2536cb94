import { and, count, eq } from 'drizzle-orm';
import { RECRUITMENT_STEPS } from '../../../src/machines/recruitment/recruitment.machine';
import { professionals } from '../../domains/fieldService';
import { indiaToday, recruitment } from '../../domains/people';
import type { RoleCode } from '../../http';
import { paise } from '../../money';
import { Storage } from '../../plugins/storage';
import { verhoeffDigit } from '../../shared/identity';
import type { Db } from '../client';
import { candidates, cities, type RecruitmentState, services, states, zones } from '../schema';
import { demoUserId } from './demo';

interface DemoCandidate {
  firstName: string;
  lastName: string;
  designationType: 'Technician' | 'Engineer';
  target: RecruitmentState;
  /** For a rejection: the step it happens after (how far they got) and why. */
  rejectAfter?: 'new' | 'screened' | 'interview' | 'finalised';
  remark?: string;
  /** Days ago they were added, and days between their steps. */
  addedDaysAgo: number;
  gap: number;
  totalExp: number;
}

/** Candidates at every step of the pipeline, their histories spread over the last two months (decision 032). */
export const DEMO_CANDIDATES: DemoCandidate[] = [
  {
    firstName: 'Arjun',
    lastName: 'Nair',
    designationType: 'Technician',
    target: 'new',
    addedDaysAgo: 2,
    gap: 1,
    totalExp: 2,
  },
  {
    firstName: 'Kavya',
    lastName: 'Reddy',
    designationType: 'Engineer',
    target: 'new',
    addedDaysAgo: 1,
    gap: 1,
    totalExp: 5,
  },
  {
    firstName: 'Sameer',
    lastName: 'Khan',
    designationType: 'Technician',
    target: 'screened',
    addedDaysAgo: 9,
    gap: 3,
    totalExp: 4,
  },
  {
    firstName: 'Pooja',
    lastName: 'Desai',
    designationType: 'Engineer',
    target: 'screened',
    addedDaysAgo: 6,
    gap: 2,
    totalExp: 6,
  },
  {
    firstName: 'Rohit',
    lastName: 'Verma',
    designationType: 'Technician',
    target: 'interview',
    addedDaysAgo: 15,
    gap: 4,
    totalExp: 3,
  },
  {
    firstName: 'Anjali',
    lastName: 'Menon',
    designationType: 'Engineer',
    target: 'interview',
    addedDaysAgo: 12,
    gap: 3,
    totalExp: 8,
  },
  {
    firstName: 'Deepak',
    lastName: 'Yadav',
    designationType: 'Technician',
    target: 'finalised',
    addedDaysAgo: 21,
    gap: 4,
    totalExp: 5,
  },
  {
    firstName: 'Sneha',
    lastName: 'Kulkarni',
    designationType: 'Engineer',
    target: 'finalised',
    addedDaysAgo: 18,
    gap: 3,
    totalExp: 7,
  },
  {
    firstName: 'Manoj',
    lastName: 'Pillai',
    designationType: 'Technician',
    target: 'sentForApproval',
    addedDaysAgo: 26,
    gap: 4,
    totalExp: 6,
  },
  {
    firstName: 'Farhan',
    lastName: 'Qureshi',
    designationType: 'Engineer',
    target: 'approved',
    addedDaysAgo: 33,
    gap: 5,
    totalExp: 9,
  },
  {
    firstName: 'Gopal',
    lastName: 'Das',
    designationType: 'Technician',
    target: 'appointed',
    addedDaysAgo: 55,
    gap: 6,
    totalExp: 4,
  },
  {
    firstName: 'Ritu',
    lastName: 'Sharma',
    designationType: 'Engineer',
    target: 'appointed',
    addedDaysAgo: 45,
    gap: 5,
    totalExp: 10,
  },
  {
    firstName: 'Naveen',
    lastName: 'Gowda',
    designationType: 'Technician',
    target: 'rejected',
    rejectAfter: 'new',
    remark: 'Not enough experience with split air conditioners',
    addedDaysAgo: 40,
    gap: 3,
    totalExp: 1,
  },
  {
    firstName: 'Isha',
    lastName: 'Patel',
    designationType: 'Engineer',
    target: 'rejected',
    rejectAfter: 'interview',
    remark: 'Could not explain load calculations',
    addedDaysAgo: 50,
    gap: 4,
    totalExp: 3,
  },
  {
    firstName: 'Lata',
    lastName: 'Joshi',
    designationType: 'Technician',
    target: 'rejected',
    rejectAfter: 'finalised',
    remark: 'Accepted another offer',
    addedDaysAgo: 38,
    gap: 4,
    totalExp: 5,
  },
  {
    firstName: 'Harish',
    lastName: 'Rao',
    designationType: 'Technician',
    target: 'adminRejected',
    remark: 'Salary expectation above the band for this zone',
    addedDaysAgo: 30,
    gap: 4,
    totalExp: 7,
  },
];

const phoneOf = (i: number) => `7411000${String(1_000 + i).slice(1)}`;
const aadhaarOf = (i: number) => {
  const body = `74110${String(1_000_000 + i * 7919).slice(1)}`;
  return `${body}${verhoeffDigit(body)}`;
};
const panOf = (i: number) => `RCRT${String.fromCharCode(65 + i)}${String(2_000 + i * 13).padStart(4, '0')}R`;

/**
 * Runs at the end of the demo block (server/main.ts), after the professionals: candidates made by the demo HR user
 * through the recruitment service (the same rules and machine), walked to their step, the admin deciding the
 * approvals, two appointed through the professionals service, then each history moved back over the last two months
 * so the recruitment log, the funnel and the month-wise report show something. Does nothing twice.
 */
export async function seedDemoRecruitment(db: Db, uploadsDir: string) {
  const [{ n }] = await db.select({ n: count() }).from(candidates);
  if (n > 0) return;
  const hr = { id: await demoUserId(db, 'HR'), role: 'HR' as RoleCode };
  const admin = { id: await demoUserId(db, 'A'), role: 'A' as RoleCode };
  const uploads = new Storage(uploadsDir);
  const [place] = await db
    .select({ cityId: cities.id, stateId: cities.stateId })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(states.name, 'Karnataka'), eq(cities.name, 'Bengaluru')));
  const [zone] = await db
    .select({ id: zones.id })
    .from(zones)
    .where(eq(zones.cityId, place?.cityId ?? 0))
    .limit(1);
  const serviceOf = async (type: 'Technician' | 'Engineer') =>
    (await db.select({ id: services.id }).from(services).where(eq(services.professionalType, type)).limit(1))[0]?.id;

  const now = Date.now();
  const day = 86_400_000;
  for (const [i, d] of DEMO_CANDIDATES.entries()) {
    const made = await recruitment.add(db, null, hr, {
      firstName: d.firstName,
      middleName: null,
      lastName: d.lastName,
      phone: phoneOf(i),
      email: `${d.firstName.toLowerCase()}.${d.lastName.toLowerCase()}@example.in`,
      address: `${10 + i}, ${['MG Road', 'Residency Road', 'Hosur Road', 'Old Airport Road'][i % 4]}, Bengaluru`,
      pincode: '560034',
      dob: `${1988 + (i % 10)}-0${1 + (i % 9)}-1${i % 10}`,
      designationType: d.designationType,
      offOnRole: i % 3 === 0 ? 'OffRoll' : 'OnRoll',
      totalExp: d.totalExp,
    });
    const id = made.id;
    const expected = 20_000 + d.totalExp * 2_000;
    const stop = d.target === 'rejected' ? d.rejectAfter! : d.target === 'adminRejected' ? 'sentForApproval' : d.target;
    const reach = RECRUITMENT_STEPS.indexOf(stop);
    // Documents for everyone past screening (the documents awaiting verification on the dashboard among them).
    if (reach >= 1 || i === 1) {
      await recruitment.saveDocs(
        db,
        uploads,
        hr,
        {
          candidateId: id,
          panNumber: panOf(i),
          aadharNumber: aadhaarOf(i),
          expectedSal: paise(expected * 100),
          previousSal: paise((expected - 3_000) * 100),
          offeredSal: reach >= 3 ? paise((expected - 1_000) * 100) : null,
          expectedJoinDate: null,
          verificationSts: reach >= 3 ? 'Verified' : 'Pending',
          bankAccNo: `5010${String(10_000_000 + i * 7_331)}`,
          bankIFSC: 'HDFC0000123',
          pfAccNo: reach >= 3 ? `KN/BNG/${String(40_000 + i)}` : null,
          uanNo: reach >= 3 ? `1011${String(20_000_000 + i * 11)}` : null,
          esiNo: null,
        },
        'add',
      );
    }
    // Those finalised but not yet appointed were offered a start two weeks out: the appointment form shows it.
    const joinIn14Days = indiaToday(new Date(Date.now() + 14 * 86_400_000));
    const step = (action: 'Screen' | 'Interview' | 'Finalise') =>
      recruitment.process(db, hr, {
        id,
        action,
        accFlag: 1,
        rejectRemark: '',
        revSalaryPaise: paise(action === 'Finalise' ? (expected - 1_000) * 100 : 0),
        revJoinDate: action === 'Finalise' && reach < 6 ? joinIn14Days : '',
      });
    if (reach >= 1) await step('Screen');
    if (reach >= 2) await step('Interview');
    if (reach >= 3) await step('Finalise');
    if (reach >= 4) await recruitment.sendForApproval(db, hr, id, 'Documents verified');
    if (d.target === 'adminRejected') await recruitment.decide(db, admin, id, 0, d.remark ?? 'Rejected');
    if (reach >= 5) await recruitment.decide(db, admin, id, 1, '');
    if (d.target === 'rejected') {
      await recruitment.process(db, hr, {
        id,
        action: 'Reject',
        accFlag: 0,
        rejectRemark: d.remark ?? 'Not a fit',
        revSalaryPaise: paise(0),
        revJoinDate: '',
      });
    }
    if (reach >= 6 && place && zone) {
      const serviceId = await serviceOf(d.designationType);
      await professionals.add(
        db,
        {
          fullName: made.fullName,
          professionalType: d.designationType,
          phone: made.phone,
          email: made.email,
          stateId: place.stateId,
          cityId: place.cityId,
          pinCode: made.pincode,
          addressLine1: made.address,
          panNumber: panOf(i),
          aadharNumber: aadhaarOf(i),
          vendorId: null,
          serviceId: 0,
          professionalServicesDetailsList: serviceId ? [{ serviceId }] : [],
          professionalZoneDetailsList: [{ zoneId: zone.id }],
        },
        id,
        hr,
      );
    }
    // The history over the last two months: added `addedDaysAgo` days ago, a step every `gap` days (never ahead).
    const steps = (await recruitment.history(db, id)).length;
    const at = Array.from(
      { length: steps },
      (_, k) =>
        new Date(Math.min(now - (d.addedDaysAgo - k * d.gap) * day + (9 + k) * 3_600_000, now - (steps - k) * 60_000)),
    );
    await recruitment.backdateForSeed(db, id, at);
  }
}
