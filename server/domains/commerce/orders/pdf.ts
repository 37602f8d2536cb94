import { a4Pdf } from '../../../shared/pdf';
import type { Invoice } from './invoice';

/** Rupees as the PDF writes them (Helvetica has no ₹ glyph, so the columns say INR): 1,23,456.50. */
const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (rupees: number) => inr.format(rupees);
const day = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(d);

type PdfLine = Pick<
  Invoice['lines'][number],
  | 'description'
  | 'sacCode'
  | 'quantity'
  | 'taxableValue'
  | 'gstRate'
  | 'cgst'
  | 'sgst'
  | 'igst'
  | 'total'
  | 'creditNote'
  | 'cancelled'
>;
/** What the PDF prints: an order's invoice, or another tax invoice in its shape (a vendor's product request). */
export type PdfInvoice = Pick<
  Invoice,
  | 'orderId'
  | 'invoiceNo'
  | 'invoiceDate'
  | 'supplier'
  | 'customer'
  | 'placeOfSupply'
  | 'gstType'
  | 'reverseCharge'
  | 'totals'
  | 'amountInWords'
> & { lines: PdfLine[]; paymentType: string };

export interface PdfOptions {
  /** The code column's heading: SAC for services (the default), HSN for goods. */
  codeHeader?: string;
  /** What the reference number is called: Order (the default), Request. */
  referenceLabel?: string;
}

/** An invoice's file name: its number with the slashes made dashes ('invoice-INV-2627-000038.pdf'). */
export const invoiceFileName = (invoiceNo: string) => `invoice-${invoiceNo.replace(/\//g, '-')}.pdf`;

/**
 * The tax invoice as a PDF, made on the server with pdfkit from the same data as OrderInvoice (so the printable
 * page and the PDF never disagree). A4, the standard Helvetica fonts (nothing to install on a fresh machine).
 */
export function invoicePdf(inv: PdfInvoice, o: PdfOptions = {}): Promise<Buffer> {
  const ref = o.referenceLabel ?? 'Order';
  const code = o.codeHeader ?? 'SAC';
  const { doc, done, left, width } = a4Pdf({
    margin: 40,
    info: { Title: `Tax invoice ${inv.invoiceNo}`, Author: inv.supplier.legalName, Subject: `${ref} ${inv.orderId}` },
  });

  doc.font('Helvetica-Bold').fontSize(16).text('TAX INVOICE', { align: 'center' });
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(11).text(inv.supplier.legalName);
  doc.font('Helvetica').fontSize(9);
  doc.text(inv.supplier.address);
  doc.text(`State: ${inv.supplier.state} (code ${inv.supplier.stateCode})   GSTIN: ${inv.supplier.gstin}`);
  doc.moveDown(0.5);
  doc.text(`Invoice no.: ${inv.invoiceNo}     Invoice date: ${day(inv.invoiceDate)}     ${ref}: ${inv.orderId}`);
  doc.text(
    `Place of supply: ${inv.placeOfSupply.state}${inv.placeOfSupply.code ? ` (${inv.placeOfSupply.code})` : ''}`,
  );
  doc.text(`Tax payable on reverse charge: ${inv.reverseCharge ? 'Yes' : 'No'}`);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').text('Billed to');
  doc.font('Helvetica');
  doc.text(inv.customer.name);
  if (inv.customer.receiverName !== inv.customer.name) doc.text(`Service to: ${inv.customer.receiverName}`);
  doc.text(inv.customer.address);
  doc.text(
    `${inv.customer.city}, ${inv.customer.state}${inv.customer.stateCode ? ` (${inv.customer.stateCode})` : ''} ${inv.customer.pinCode}, ${inv.customer.country}`,
  );
  doc.text(`Mobile: ${inv.customer.receiverMobileNo}`);
  doc.moveDown(0.8);

  // The lines: description, SAC, qty, taxable value, rate, tax (CGST/SGST or IGST), total (INR).
  const intra = inv.gstType === 'CGST+SGST';
  const cols = intra
    ? [
        { h: 'Description', w: 0.3 },
        { h: code, w: 0.08 },
        { h: 'Qty', w: 0.06 },
        { h: 'Taxable (INR)', w: 0.14 },
        { h: 'GST %', w: 0.07 },
        { h: 'CGST (INR)', w: 0.11 },
        { h: 'SGST (INR)', w: 0.11 },
        { h: 'Total (INR)', w: 0.13 },
      ]
    : [
        { h: 'Description', w: 0.36 },
        { h: code, w: 0.09 },
        { h: 'Qty', w: 0.07 },
        { h: 'Taxable (INR)', w: 0.15 },
        { h: 'GST %', w: 0.07 },
        { h: 'IGST (INR)', w: 0.12 },
        { h: 'Total (INR)', w: 0.14 },
      ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    let height = 0;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    cells.forEach((c, i) => {
      const w = cols[i].w * width;
      const opts = { width: w - 4, align: i === 0 ? ('left' as const) : ('right' as const) };
      height = Math.max(height, doc.heightOfString(c, opts));
      doc.text(c, x, y, opts);
      x += w;
    });
    doc.x = left;
    doc.y = y + height + 4;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
  };
  row(
    cols.map((c) => c.h),
    true,
  );
  for (const l of inv.lines) {
    const note = l.creditNote ? ` (cancelled: credit note ${l.creditNote.number})` : l.cancelled ? ' (cancelled)' : '';
    const tax = intra ? [money(l.cgst), money(l.sgst)] : [money(l.igst)];
    row([
      `${l.description}${note}`,
      l.sacCode,
      String(l.quantity),
      money(l.taxableValue),
      String(l.gstRate),
      ...tax,
      money(l.total),
    ]);
  }
  doc.moveDown(0.5);
  const total = (label: string, value: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const y = doc.y;
    doc.text(label, left, y, { width: width * 0.75, align: 'right' });
    doc.text(money(value), left + width * 0.75, y, { width: width * 0.25, align: 'right' });
  };
  total('Taxable value', inv.totals.taxableValue);
  if (intra) {
    total('CGST', inv.totals.cgst);
    total('SGST', inv.totals.sgst);
  } else {
    total('IGST', inv.totals.igst);
  }
  total('Invoice value', inv.totals.invoiceValue, true);
  // Only orders carry a tip; another invoice (tip 0, no order) prints no tip row.
  if (ref === 'Order' || inv.totals.tip > 0) {
    total('Tip for the professional (not taxed, not part of the supply)', inv.totals.tip);
  }
  total('Total paid (INR)', inv.totals.total, true);
  doc.x = left;
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(9).text(`Amount in words: ${inv.amountInWords}`, left, doc.y, { width });
  doc.text(`Paid by: ${inv.paymentType}`);
  doc.moveDown(1.5);
  doc.text(`For ${inv.supplier.legalName}`, { align: 'right' });
  doc.text('Authorised signatory (electronically issued invoice)', { align: 'right' });
  doc.end();
  return done;
}
