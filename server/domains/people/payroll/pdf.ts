import type { CompanyConfig } from '../../../config';
import { a4Pdf } from '../../../shared/pdf';
import type { DayCounts } from '../attendance/dayCounts';

/** What the slip PDF prints (service.ts slip()). Amounts are rupees. */
export interface SlipPdf {
  empId: number;
  empName: string;
  mobileNo: string;
  professionalType: string;
  monthName: string;
  daysInMonth: number;
  paidDays: number;
  attendance: DayCounts;
  earnings: { label: string; amount: number }[];
  deductions: { label: string; amount: number }[];
  employer: { label: string; amount: number }[];
  additions: { label: string; amount: number }[];
  gross: number;
  totalDeductions: number;
  net: number;
  netInWords: string;
  bankReference: string | null;
  paidAt: string | null;
}

/** Helvetica has no ₹ glyph: the PDF writes INR amounts as 1,23,456.50 and labels' ₹ as Rs. */
const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (rupees: number) => inr.format(rupees);
const plain = (s: string) => s.replace(/₹/g, 'Rs. ');

/** A salary slip as a PDF (pdfkit, made on the server). */
export async function salarySlipPdf(slip: SlipPdf, company: CompanyConfig): Promise<Buffer> {
  const { doc, done, left, width } = a4Pdf({ margin: 48, info: { Title: `Salary slip ${slip.monthName}` } });
  doc.font('Helvetica-Bold').fontSize(14).text(company.legalName, left, 48, { width });
  doc.font('Helvetica').fontSize(9).text(company.address, { width });
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text(`Salary slip for ${slip.monthName}`, { width });
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Employee: ${slip.empName} (id ${slip.empId}, ${slip.professionalType}), mobile ${slip.mobileNo}`, {
    width,
  });
  const a = slip.attendance;
  doc.text(
    `Paid days: ${slip.paidDays} of ${slip.daysInMonth} (present ${a.present}, half days ${a.halfDays}, leave ${a.leave}, holidays ${a.holidays}, weekly offs ${a.weeklyOffs}, absent ${a.absent}${a.notJoined ? `, not joined ${a.notJoined}` : ''})`,
    { width },
  );
  const section = (title: string, lines: { label: string; amount: number }[], total?: [string, number]) => {
    doc.moveDown(0.7);
    doc.font('Helvetica-Bold').fontSize(11).text(title, left, doc.y, { width });
    doc.font('Helvetica').fontSize(10);
    if (!lines.length) doc.text('None', left, doc.y, { width });
    for (const l of lines) {
      const y = doc.y;
      doc.text(plain(l.label), left, y, { width: width * 0.72 });
      const after = doc.y;
      doc.text(money(l.amount), left + width * 0.72, y, { width: width * 0.28, align: 'right' });
      doc.y = Math.max(after, doc.y);
    }
    if (total) {
      const y = doc.y;
      doc.font('Helvetica-Bold').text(total[0], left, y, { width: width * 0.72 });
      doc.text(money(total[1]), left + width * 0.72, y, { width: width * 0.28, align: 'right' });
      doc.font('Helvetica');
    }
  };
  section('Earnings (INR)', slip.earnings, ['Gross earnings', slip.gross]);
  section('Deductions (INR)', slip.deductions, ['Total deductions', slip.totalDeductions]);
  section('Paid with the salary (INR)', slip.additions);
  section("Employer's contributions (not deducted; INR)", slip.employer);
  doc.moveDown(0.8);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Net pay: INR ${money(slip.net)}`, left, doc.y, { width });
  doc.font('Helvetica').fontSize(10).text(slip.netInWords, { width });
  doc.moveDown(0.5);
  doc.text(`Bank reference: ${slip.bankReference ?? '-'}`, { width });
  if (slip.paidAt)
    doc.text(`Paid on: ${new Date(slip.paidAt).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata' })}`, { width });
  doc.moveDown();
  doc.fontSize(8).fillColor('#555').text('This is a computer-generated salary slip and needs no signature.', { width });
  doc.end();
  return done;
}
