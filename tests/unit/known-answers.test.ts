// Rules checked against answers published outside this code (decision 044): worked examples, documented samples and
// real identifiers, each with its source. None of these expectations comes from running the rule itself.
import { describe, expect, it } from 'vitest';
import { share } from '../../server/domains/commerce/orders/promotions';
import { addMonths } from '../../server/domains/marketing/subscriptions/service';
import { statutoryLegs } from '../../server/domains/money/wallets/repo.accounts';
import { calculateSalary, duesOf, statutoryOf } from '../../server/domains/people/payroll/calc';
import { IFSC, ifscProblem } from '../../server/domains/people/recruitment/rules';
import { lineMoney } from '../../server/domains/supply/productRequests/service';
import { GST_STATE_CODES, gstinCheckChar, gstinProblem, gstStateCode } from '../../server/shared/gstin';
import {
  aadhaarProblem,
  maskedAadhaar,
  normalAadhaar,
  normalPan,
  PAN,
  panProblem,
  verhoeffDigit,
  verhoeffValid,
} from '../../server/shared/identity';
import { amountInWords, indianNumberWords } from '../../server/shared/words';

describe('Verhoeff check digit', () => {
  it('236 takes 3, and 2363 is valid (Wikipedia, Verhoeff algorithm, worked example)', () => {
    expect(verhoeffDigit('236')).toBe(3);
    expect(verhoeffValid('2363')).toBe(true);
  });

  it('12345 takes 1 and 123456789012 takes 0; the same numbers ending in 9 are refused (Rosetta Code task)', () => {
    // Rosetta Code, "Verhoeff algorithm": the check digits of 236, 12345 and 123456789012, then each validated with
    // its own check digit (correct) and with 9 (incorrect).
    expect(verhoeffDigit('12345')).toBe(1);
    expect(verhoeffDigit('123456789012')).toBe(0);
    for (const n of ['2363', '123451', '1234567890120']) expect(verhoeffValid(n), n).toBe(true);
    for (const n of ['2369', '123459', '1234567890129']) expect(verhoeffValid(n), n).toBe(false);
  });

  it('1428570 is valid, so 142857 takes 0 (Wikipedia, Verhoeff algorithm, earlier worked example)', () => {
    expect(verhoeffValid('1428570')).toBe(true);
    expect(verhoeffDigit('142857')).toBe(0);
  });

  it('1456789 takes 4 (Perl Algorithm::CheckDigits, the Verhoeff scheme, synopsis)', () => {
    expect(verhoeffDigit('1456789')).toBe(4);
    expect(verhoeffValid('14567894')).toBe(true);
  });

  it('every single-digit error and adjacent transposition of 123456789012 + 0 is refused (what the scheme is for)', () => {
    // Verhoeff's scheme detects all of them: a property of the published tables, not of this implementation.
    const n = '1234567890120';
    for (let i = 0; i < n.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === n[i]) continue;
        const wrong = `${n.slice(0, i)}${d}${n.slice(i + 1)}`;
        expect(verhoeffValid(wrong), wrong).toBe(false);
      }
      if (i + 1 < n.length && n[i] !== n[i + 1]) {
        const swapped = `${n.slice(0, i)}${n[i + 1]}${n[i]}${n.slice(i + 2)}`;
        expect(verhoeffValid(swapped), swapped).toBe(false);
      }
    }
  });
});

describe('Aadhaar number', () => {
  it('accepts numbers whose last digit is the Verhoeff check digit of the first eleven', () => {
    // Both worked by hand with the published tables (Wikipedia, Verhoeff algorithm): 91234567203 → 7, 23456789012 → 4.
    expect(aadhaarProblem('912345672037')).toBeNull();
    expect(aadhaarProblem('234567890124')).toBeNull();
  });

  it('refuses a wrong check digit, a leading 0 or 1, and anything but 12 digits', () => {
    expect(aadhaarProblem('234567890125')).toBe('is not a valid Aadhaar number (its check digit is wrong)');
    expect(aadhaarProblem('912345672030')).toBe('is not a valid Aadhaar number (its check digit is wrong)');
    // UIDAI issues no number starting with 0 or 1.
    expect(aadhaarProblem('123456789012')).toBe('cannot start with 0 or 1');
    expect(aadhaarProblem('023456789012')).toBe('cannot start with 0 or 1');
    for (const bad of ['23456789012', '2345678901240', 'X234567890124', '234567890124X', '2345 6789 0124']) {
      expect(aadhaarProblem(bad), bad).toBe('must be 12 digits');
    }
  });

  it('reads a number written in groups, and shows only its last four digits to others', () => {
    // UIDAI's masked Aadhaar prints the first eight digits as X.
    expect(normalAadhaar('9123 4567 2037')).toBe('912345672037');
    expect(normalAadhaar(' 9123-4567-2037 ')).toBe('912345672037');
    expect(maskedAadhaar('912345672037')).toBe('XXXX XXXX 2037');
  });
});

describe('GSTIN check character (the GSTN mod-36 scheme)', () => {
  // Published GSTINs: the GST portal's documented sample (Maharashtra), two widely published valid samples (a
  // Karnataka company, a Delhi firm) and Reliance Industries Limited's (Maharashtra, as the GST register returns it).
  // Each check character was also worked by hand: the 14 characters' values 0-35, weights 1 and 2 alternating from
  // the left, each product's base-36 digits added, the check character being (36 - sum mod 36) mod 36.
  const PUBLISHED: [string, string][] = [
    ['27AAPFU0939F1ZV', 'Maharashtra'],
    ['29AAGCB7383J1Z4', 'Karnataka'],
    ['07AAGFF2194N1Z1', 'Delhi'],
    ['27AAACR5055K1Z7', 'Maharashtra'],
  ];

  it('gives each published GSTIN its own check character, and accepts it in its state', () => {
    for (const [gstin, state] of PUBLISHED) {
      expect(gstinCheckChar(gstin.slice(0, 14)), gstin).toBe(gstin[14]);
      expect(gstinProblem(gstin, state), gstin).toBeNull();
    }
  });

  it('refuses each of them with any other last character', () => {
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const [gstin, state] of PUBLISHED) {
      for (const c of chars) {
        if (c === gstin[14]) continue;
        expect(gstinProblem(`${gstin.slice(0, 14)}${c}`, state)).toBe('has a wrong check character (the last one)');
      }
    }
  });

  it('refuses anything but the 15 characters of the published layout', () => {
    // State code, PAN, entity number (1-9 or a letter), Z, check character.
    const shape = 'must be 15 characters: 2-digit state code, PAN (AAAAA9999A), entity number, Z and a check character';
    for (const bad of [
      '127AAPFU0939F1ZV',
      '27AAPFU0939F1ZVX',
      '27AAPFU0939F1Z',
      '27AAPFU0939F0ZV',
      '27AAPFU0939F1YV',
      '2AAAPFU0939F1ZV',
      '27aapfu0939f1zv',
    ]) {
      expect(gstinProblem(bad, 'Maharashtra'), bad).toBe(shape);
    }
  });

  it('refuses a published GSTIN with two adjacent characters swapped', () => {
    // 27AAPFU0939F1ZV with "09" read as "90": the check character no longer matches.
    expect(gstinProblem('27AAPFU9039F1ZV', 'Maharashtra')).toBe('has a wrong check character (the last one)');
  });
});

describe("GST state codes (the GST portal's list of state codes)", () => {
  it('Andhra Pradesh is 37 since its split (28 before), Telangana 36, Ladakh 38, the merged Dadra and Nagar Haveli and Daman and Diu 26', () => {
    expect(gstStateCode('Andhra Pradesh')).toBe('37');
    expect(gstStateCode('Telangana')).toBe('36');
    expect(gstStateCode('Ladakh')).toBe('38');
    expect(gstStateCode('Dadra and Nagar Haveli and Daman and Diu')).toBe('26');
    expect(gstStateCode('Jammu and Kashmir')).toBe('01');
    expect(gstStateCode('Lakshadweep')).toBe('31');
    expect(gstStateCode('tamil nadu')).toBe('33');
  });

  it('gives every state and union territory the code on the list', () => {
    expect(GST_STATE_CODES).toEqual({
      'Jammu and Kashmir': '01',
      'Himachal Pradesh': '02',
      Punjab: '03',
      Chandigarh: '04',
      Uttarakhand: '05',
      Haryana: '06',
      Delhi: '07',
      Rajasthan: '08',
      'Uttar Pradesh': '09',
      Bihar: '10',
      Sikkim: '11',
      'Arunachal Pradesh': '12',
      Nagaland: '13',
      Manipur: '14',
      Mizoram: '15',
      Tripura: '16',
      Meghalaya: '17',
      Assam: '18',
      'West Bengal': '19',
      Jharkhand: '20',
      Odisha: '21',
      Chhattisgarh: '22',
      'Madhya Pradesh': '23',
      Gujarat: '24',
      'Dadra and Nagar Haveli and Daman and Diu': '26',
      Maharashtra: '27',
      Karnataka: '29',
      Goa: '30',
      Lakshadweep: '31',
      Kerala: '32',
      'Tamil Nadu': '33',
      Puducherry: '34',
      'Andaman and Nicobar Islands': '35',
      Telangana: '36',
      'Andhra Pradesh': '37',
      Ladakh: '38',
    });
  });

  it("names the supplier's state and its code when a GSTIN is of another state", () => {
    expect(gstinProblem('27AAPFU0939F1ZV', ' karnataka ')).toBe('must start with 29, the GST code of Karnataka');
    expect(gstinProblem('29AAGCB7383J1Z4', 'Tamil Nadu')).toBe('must start with 33, the GST code of Tamil Nadu');
    expect(gstinProblem('27AAPFU0939F1ZV', ' Maharashtra ')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZV', 'Atlantis')).toBe('cannot be checked: Atlantis is not a state of India');
  });

  it('has the 36 states and union territories, each with its own code, 25 and 28 no longer used', () => {
    const codes = Object.values(GST_STATE_CODES);
    expect(codes).toHaveLength(36);
    expect(new Set(codes).size).toBe(36);
    expect(codes).not.toContain('25');
    expect(codes).not.toContain('28');
  });
});

describe('sharing an amount by largest remainder (the Hamilton or Hare method)', () => {
  it('10 seats for 47,000, 16,000, 15,800, 12,000, 6,100 and 3,100 votes are 5, 2, 1, 1, 1, 0', () => {
    // Wikipedia, Largest remainder method, the Hare quota example: quotas 4.70, 1.60, 1.58, 1.20, 0.61, 0.31; the
    // three seats left go to the remainders .70, .61 and .60.
    expect(share(10, [47_000, 16_000, 15_800, 12_000, 6_100, 3_100])).toEqual([5, 2, 1, 1, 1, 0]);
  });
});

describe('PAN shape (Income Tax Department: 5 letters, 4 digits, a letter)', () => {
  it('accepts published PANs and reads them in capitals without spaces', () => {
    // The PANs inside the GSTINs above (a GSTIN's characters 3 to 12 are its holder's PAN).
    for (const pan of ['AAPFU0939F', 'AAGCB7383J', 'AAGFF2194N', 'AAACR5055K']) expect(panProblem(pan), pan).toBeNull();
    expect(normalPan(' aapfu 0939f ')).toBe('AAPFU0939F');
  });

  it('refuses any other shape', () => {
    for (const bad of [
      'AAPFU0939',
      '1AAPFU0939F',
      'AAPFU0939FF',
      'AAPFU09390F',
      'AAPF10939F',
      'AAPFU093AF',
      'AAPFU09399',
      '1APFU0939F',
      'aapfu0939f',
    ]) {
      expect(PAN.test(bad), bad).toBe(false);
      expect(panProblem(bad)).toBe('must be 5 letters, 4 digits and a letter (AAAAA9999A)');
    }
  });
});

describe('IFSC shape (RBI: 4 letters of the bank, a 0, 6 letters or digits of the branch)', () => {
  it('accepts published branch codes', () => {
    // State Bank of India, Mumbai Main Branch; HDFC Bank's HDFC0000001, the IFSC of Razorpay's API examples.
    for (const ifsc of ['SBIN0000300', 'HDFC0000001']) expect(ifscProblem(ifsc), ifsc).toBeNull();
  });

  it('refuses a fifth character other than 0, a short bank code, and the wrong length', () => {
    for (const bad of ['SBIN1000300', 'SBI00000300', 'SBIN000030', 'SBIN00003000', 'SBIN0-00300', '1BIN0000300']) {
      expect(IFSC.test(bad), bad).toBe(false);
      expect(ifscProblem(bad)).toBe('must be 4 letters, a zero and 6 letters or digits (HDFC0001234)');
    }
  });
});

describe('amount in words, Indian numbering (thousand, lakh = 1,00,000, crore = 1,00,00,000)', () => {
  // The place names and groupings of the Indian numbering system (Wikipedia, Indian numbering system); the words
  // around them ("Rupees … and … Paise Only") are how tax invoices in India write an amount.
  it('₹1,00,000 is One Lakh and ₹10,00,00,000 is Ten Crore', () => {
    expect(amountInWords(1_00_000_00)).toBe('Rupees One Lakh Only');
    expect(amountInWords(10_00_00_000_00)).toBe('Rupees Ten Crore Only');
    expect(indianNumberWords(10_00_000)).toBe('Ten Lakh');
    expect(indianNumberWords(1_00_00_000)).toBe('One Crore');
    expect(indianNumberWords(99_99_999)).toBe('Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine');
  });

  it('₹12,34,567.89 is Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven and Eighty Nine Paise', () => {
    expect(amountInWords(12_34_567_89)).toBe(
      'Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven and Eighty Nine Paise Only',
    );
  });

  it('zero, one rupee, and paise alone', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(50)).toBe('Rupees Zero and Fifty Paise Only');
    expect(amountInWords(99)).toBe('Rupees Zero and Ninety Nine Paise Only');
  });

  it('refuses a negative or fractional amount', () => {
    expect(() => amountInWords(-100)).toThrow(new RangeError('-100 is not a whole number of paise'));
    expect(() => amountInWords(10.5)).toThrow(new RangeError('10.5 is not a whole number of paise'));
    expect(() => indianNumberWords(-1)).toThrow(new RangeError('-1 is not a whole number'));
    expect(() => indianNumberWords(2 ** 53)).toThrow(RangeError);
  });

  it('the teens and round tens inside a group', () => {
    expect(indianNumberWords(11_11_111)).toBe('Eleven Lakh Eleven Thousand One Hundred Eleven');
    expect(indianNumberWords(40_70_019)).toBe('Forty Lakh Seventy Thousand Nineteen');
  });
});

describe('GST inside a price (CGST Rules 2017, rule 35)', () => {
  // Tax amount = value inclusive of tax × rate / (100 + rate).
  it('₹1,180 with 18% GST inside is ₹1,000 taxable and ₹180 GST', () => {
    expect(lineMoney(118_000, 1, 18)).toEqual({ totalPaise: 118_000, taxablePaise: 100_000, gstPaise: 18_000 });
  });

  it('2 × ₹525 with 5% inside: ₹1,000 and ₹50; ₹500 with 5% inside: ₹23.81 GST (2,380.95 paise)', () => {
    expect(lineMoney(52_500, 2, 5)).toEqual({ totalPaise: 105_000, taxablePaise: 100_000, gstPaise: 5_000 });
    expect(lineMoney(50_000, 1, 5)).toEqual({ totalPaise: 50_000, taxablePaise: 47_619, gstPaise: 2_381 });
  });
});

describe('a plan of n months ends on the same day n months later, or the last day of a shorter month', () => {
  // The calendar rule of java.time.LocalDate.plusMonths (its documented example: 2007-03-31 plus one month is
  // 2007-04-30), read in India time.
  const ist = (local: string) => new Date(`${local}+05:30`);
  it('31 March plus one month is 30 April; 31 January plus one is 28 or 29 February', () => {
    expect(addMonths(ist('2007-03-31T10:00:00'), 1)).toEqual(ist('2007-04-30T10:00:00'));
    expect(addMonths(ist('2025-01-31T10:00:00'), 1)).toEqual(ist('2025-02-28T10:00:00'));
    expect(addMonths(ist('2024-01-31T10:00:00'), 1)).toEqual(ist('2024-02-29T10:00:00'));
    expect(addMonths(ist('2025-11-15T10:00:00'), 3)).toEqual(ist('2026-02-15T10:00:00'));
  });

  it('a purchase just after midnight in India counts from the India day, not the UTC one', () => {
    // 00:30 on 1 March in India is still 28 February in UTC; one month later is 1 April, 00:30 in India.
    expect(addMonths(ist('2026-03-01T00:30:00'), 1)).toEqual(ist('2026-04-01T00:30:00'));
    expect(addMonths(ist('2026-01-31T00:30:00'), 1)).toEqual(ist('2026-02-28T00:30:00'));
  });
});

describe('statutory dues of one salary, as the ledger records them (decision 056)', () => {
  // One month of basic ₹15,000 and HRA ₹5,000 (gross ₹20,000), every day paid, in Maharashtra, in June.
  const calc = calculateSalary({
    year: 2025,
    month: 6,
    structures: [
      {
        id: 1,
        effectiveFrom: '2025-01-01',
        basicPaise: 15_000_00,
        hraPaise: 5_000_00,
        allowancesPaise: 0,
        ptState: 'MH',
        epf: true,
        esi: true,
      },
    ],
    attendance: {
      daysInMonth: 30,
      paidDays: 30,
      present: 30,
      halfDays: 0,
      leave: 0,
      holidays: 0,
      weeklyOffs: 0,
      absent: 0,
    },
    deductions: [],
    tipsPaise: 0,
    expenses: [],
  })!;
  const shares = statutoryOf(calc);
  const legs = new Map(statutoryLegs(duesOf(calc)).map((l) => [l.accountId, l.amount]));

  it("EPF: 12% + 12% of ₹15,000 is ₹1,800 each; the employer's ₹1,800 is ₹1,250 to EPS and ₹550 to EPF", () => {
    // EPFO, "Contribution rates": employee 12% and employer 12% of wages up to the ₹15,000 ceiling; of the
    // employer's share, 8.33% goes to the Employees' Pension Scheme (₹1,250 at the ceiling) and 3.67% to EPF.
    expect(shares.epfEmployeePaise).toBe(1_800_00);
    expect(shares.epfEmployerPaise).toBe(1_800_00);
    expect(shares.epfEmployerPaise).toBe(1_250_00 + 550_00);
    // EPF payable (id 15) holds both shares: ₹3,600.
    expect(legs.get(15)).toBe(3_600_00);
  });

  it('ESI: 0.75% and 3.25% of ₹20,000 are ₹150 and ₹650', () => {
    // ESIC, rates of contribution from 1 July 2019 (employee 0.75%, employer 3.25% of wages); worked by hand:
    // 20,000 × 0.75 / 100 = 150; 20,000 × 3.25 / 100 = 650. ESI payable (id 16) holds ₹800.
    expect(shares.esiEmployeePaise).toBe(150_00);
    expect(shares.esiEmployerPaise).toBe(650_00);
    expect(legs.get(16)).toBe(800_00);
  });

  it('PT: ₹200 a month above ₹10,000 in Maharashtra; the accrued cost is minus the three payables', () => {
    // Maharashtra State Tax on Professions Act, 1975, Schedule I entry 1: ₹200 a month (₹300 in February) above
    // ₹10,000. 3,600 + 800 + 200 = 4,600 owed; the company wallet pays it when it is paid to the authorities.
    expect(shares.ptPaise).toBe(200_00);
    expect(legs.get(17)).toBe(200_00);
    expect(legs.get(18)).toBe(-4_600_00);
  });
});
