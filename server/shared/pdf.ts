import PDFDocument from 'pdfkit';

/**
 * An A4 pdfkit document with its bytes gathered as it is written (`done` answers them once `doc.end()` is called),
 * and the left margin and printable width the invoice and the salary slip lay their text out by.
 */
export function a4Pdf(options: Omit<PDFKit.PDFDocumentOptions, 'size'>) {
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  return { doc, done, left, width };
}
